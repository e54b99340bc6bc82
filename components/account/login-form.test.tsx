import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import de from '@/messages/de.json'
import type { LoginState } from '@/app/[tenant]/login/actions'
import { LoginForm } from './login-form'

type Action = (state: LoginState, formData: FormData) => Promise<LoginState>

function renderForm(action: Action, props: { tenant?: string; redirect?: string; widget?: string } = {}) {
  return render(
    <NextIntlClientProvider locale="de" messages={de} timeZone="Europe/Berlin">
      <LoginForm action={action} tenant="demo" forgotHref="/demo/passwortvergessen" {...props} />
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
})
