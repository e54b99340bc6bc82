import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import de from '@/messages/de.json'
import type { FormState as LoginState } from '@/lib/portal/form-state'
import { LoginForm } from './login-form'

type Action = (state: LoginState, formData: FormData) => Promise<LoginState>

const PICTURE = 'data:image/png;base64,iVBORw0KGgo='
const CHALLENGE = { CaptchaId: '0b7f4a8e-3c1d-4e2f-9a6b-5c4d3e2f1a0b', Bild: PICTURE }
const NEXT_CHALLENGE = { CaptchaId: '1c8a5b9f-4d2e-4f3a-8b7c-6d5e4f3a2b1c', Bild: `${PICTURE}Cg==` }

function renderForm(
  action: Action,
  props: { tenant?: string; redirect?: string; widget?: string } = {},
  reloadCaptcha = jest.fn(async () => NEXT_CHALLENGE),
) {
  return render(
    <NextIntlClientProvider locale="de" messages={de} timeZone="Europe/Berlin">
      <LoginForm
        action={action}
        reloadCaptcha={reloadCaptcha}
        tenant="demo"
        forgotHref="/demo/passwortvergessen"
        {...props}
      />
    </NextIntlClientProvider>,
  )
}

const emailInput = () => screen.getByLabelText('E-Mail-Adresse')
const passwordInput = () => screen.getByLabelText('Passwort')
const submit = () => screen.getByRole('button', { name: 'Anmelden' })

describe('LoginForm', () => {
  it('labels its inputs and links to password forgotten', () => {
    renderForm(jest.fn())
    expect(emailInput()).toHaveAttribute('type', 'email')
    expect(emailInput()).toHaveAttribute('autocomplete', 'username')
    expect(passwordInput()).toHaveAttribute('type', 'password')
    expect(screen.getByRole('link', { name: 'Passwort vergessen?' })).toHaveAttribute(
      'href',
      '/demo/passwortvergessen',
    )
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('shows the German required-field messages on an empty submit and does not call the action', async () => {
    const action = jest.fn<Promise<LoginState>, Parameters<Action>>(async () => ({}))
    renderForm(action)
    fireEvent.click(submit())
    expect(await screen.findByText('E-Mail-Adresse ist ein Pflichtfeld')).toBeInTheDocument()
    expect(screen.getByText('Passwort ist ein Pflichtfeld')).toBeInTheDocument()
    expect(emailInput()).toHaveAttribute('aria-invalid', 'true')
    expect(emailInput()).toHaveAccessibleDescription('E-Mail-Adresse ist ein Pflichtfeld')
    expect(passwordInput()).toHaveAccessibleDescription('Passwort ist ein Pflichtfeld')
    expect(screen.getAllByRole('alert')).toHaveLength(2)
    expect(action).not.toHaveBeenCalled()
  })

  it('shows the SPEC e-mail message for an invalid address', async () => {
    const action = jest.fn<Promise<LoginState>, Parameters<Action>>(async () => ({}))
    renderForm(action)
    fireEvent.change(emailInput(), { target: { value: 'anna.beispiel' } })
    fireEvent.change(passwordInput(), { target: { value: 'Empfehlen2026' } })
    fireEvent.click(submit())
    expect(await screen.findByText('Dies ist keine gültige E-Mail-Adresse.')).toBeInTheDocument()
    expect(screen.queryByText('Passwort ist ein Pflichtfeld')).not.toBeInTheDocument()
    expect(action).not.toHaveBeenCalled()
  })

  it('submits valid input with the tenant segment (tenant and locale), redirect and widget to the action', async () => {
    const action = jest.fn<Promise<LoginState>, Parameters<Action>>(async () => ({}))
    renderForm(action, { tenant: 'demo~en', redirect: '{"path":"/meinedaten","params":{}}', widget: '1' })
    fireEvent.change(emailInput(), { target: { value: 'anna.beispiel@example.org' } })
    fireEvent.change(passwordInput(), { target: { value: 'Empfehlen2026' } })
    await act(async () => {
      fireEvent.click(submit())
    })
    await waitFor(() => expect(action).toHaveBeenCalledTimes(1))
    const formData = action.mock.calls[0]![1]
    expect(Object.fromEntries(formData)).toEqual({
      tenant: 'demo~en',
      redirect: '{"path":"/meinedaten","params":{}}',
      widget: '1',
      email: 'anna.beispiel@example.org',
      password: 'Empfehlen2026',
    })
  })

  it('shows the catalogue text of an error the action returns', async () => {
    const action = jest.fn<Promise<LoginState>, Parameters<Action>>(async () => ({
      error: 'PasswortOderEmailFalsch',
    }))
    renderForm(action)
    fireEvent.change(emailInput(), { target: { value: 'anna.beispiel@example.org' } })
    fireEvent.change(passwordInput(), { target: { value: 'falsch' } })
    await act(async () => {
      fireEvent.click(submit())
    })
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Bitte überprüfen Sie Ihre E-Mail-Adresse und Ihr Passwort.',
    )
  })

  it('shows the captcha step when the action demands it and sends the solution with the next try', async () => {
    const action = jest
      .fn<Promise<LoginState>, Parameters<Action>>()
      .mockResolvedValueOnce({ error: 'CaptchaRequired', captcha: CHALLENGE })
      .mockResolvedValueOnce({})
    const reload = jest.fn(async () => NEXT_CHALLENGE)
    renderForm(action, {}, reload)
    fireEvent.change(emailInput(), { target: { value: 'anna.beispiel@example.org' } })
    fireEvent.change(passwordInput(), { target: { value: 'Empfehlen2026' } })
    await act(async () => {
      fireEvent.click(submit())
    })
    expect(await screen.findByRole('alert')).toHaveTextContent('Bitte bestätigen Sie zuerst das Captcha.')
    expect(screen.getByRole('group', { name: 'Sicherheitsabfrage' })).toBeInTheDocument()
    expect(
      screen.getByRole('img', { name: 'Bild mit fünf Zeichen für die Sicherheitsabfrage' }),
    ).toHaveAttribute('src', PICTURE)
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Neues Bild laden' }))
    })
    expect(reload).toHaveBeenCalledWith('demo')
    await waitFor(() => expect(screen.getByRole('img')).toHaveAttribute('src', NEXT_CHALLENGE.Bild))
    fireEvent.change(screen.getByLabelText('Zeichen aus dem Bild'), { target: { value: 'ac7hk' } })
    await act(async () => {
      fireEvent.click(submit())
    })
    await waitFor(() => expect(action).toHaveBeenCalledTimes(2))
    expect(Object.fromEntries(action.mock.calls[1]![1])).toMatchObject({
      CaptchaId: NEXT_CHALLENGE.CaptchaId,
      CaptchaLoesung: 'ac7hk',
    })
  })
})
