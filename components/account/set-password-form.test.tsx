import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import de from '@/messages/de.json'
import type { FormState, FormAction } from '@/lib/portal/form-state'
import type { PasswordValidator } from '@/lib/contracts/password'
import { SetPasswordForm } from './set-password-form'
import { pendingAction } from './form-fixtures'

type Action = FormAction

function renderForm(
  action: Action,
  props: { tenant?: string; token?: string; widget?: string; passwordRule?: PasswordValidator } = {},
) {
  return render(
    <NextIntlClientProvider locale="de" messages={de} timeZone="Europe/Berlin">
      <SetPasswordForm action={action} tenant="demo" token="tok-123" {...props} />
    </NextIntlClientProvider>,
  )
}

const passwordInput = () => screen.getByLabelText('Neues Passwort')
const repeatInput = () => screen.getByLabelText('Neues Passwort wiederholen')
const submit = () => screen.getByRole('button', { name: 'Passwort speichern' })

/** The list item of a password rule, found by its visible text. */
const rule = (text: string) =>
  screen.getByText(
    (_, element) => element?.tagName === 'LI' && element.textContent?.startsWith(text) === true,
  )

function type(password: string, repeat = password) {
  fireEvent.change(passwordInput(), { target: { value: password } })
  fireEvent.change(repeatInput(), { target: { value: repeat } })
}

describe('SetPasswordForm', () => {
  it('labels both password inputs as new passwords', () => {
    renderForm(jest.fn())
    expect(passwordInput()).toHaveAttribute('type', 'password')
    expect(passwordInput()).toHaveAttribute('autocomplete', 'new-password')
    expect(repeatInput()).toHaveAttribute('type', 'password')
    expect(repeatInput()).toHaveAttribute('autocomplete', 'new-password')
    expect(screen.getByText('Ihr Passwort braucht:')).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('updates the hidden status of each rule in the live list while typing', () => {
    renderForm(jest.fn())
    expect(rule('mindestens 8 Zeichen')).toHaveTextContent('mindestens 8 Zeichen (fehlt noch)')
    expect(rule('einen Kleinbuchstaben')).toHaveTextContent('(fehlt noch)')
    expect(rule('einen Großbuchstaben')).toHaveTextContent('(fehlt noch)')
    expect(rule('eine Ziffer')).toHaveTextContent('(fehlt noch)')

    fireEvent.change(passwordInput(), { target: { value: 'abc' } })
    expect(rule('mindestens 8 Zeichen')).toHaveTextContent('(fehlt noch)')
    expect(rule('einen Kleinbuchstaben')).toHaveTextContent('einen Kleinbuchstaben (erfüllt)')
    expect(rule('einen Großbuchstaben')).toHaveTextContent('(fehlt noch)')
    expect(rule('eine Ziffer')).toHaveTextContent('(fehlt noch)')

    fireEvent.change(passwordInput(), { target: { value: 'abcdefgH1' } })
    expect(rule('mindestens 8 Zeichen')).toHaveTextContent('(erfüllt)')
    expect(rule('einen Kleinbuchstaben')).toHaveTextContent('(erfüllt)')
    expect(rule('einen Großbuchstaben')).toHaveTextContent('(erfüllt)')
    expect(rule('eine Ziffer')).toHaveTextContent('(erfüllt)')

    fireEvent.change(passwordInput(), { target: { value: 'ABCDEFGH' } })
    expect(rule('mindestens 8 Zeichen')).toHaveTextContent('(erfüllt)')
    expect(rule('einen Kleinbuchstaben')).toHaveTextContent('(fehlt noch)')
    expect(rule('einen Großbuchstaben')).toHaveTextContent('(erfüllt)')
    expect(rule('eine Ziffer')).toHaveTextContent('(fehlt noch)')
  })

  it('shows the required message on an empty submit and does not call the action', async () => {
    const action = jest.fn<Promise<FormState>, Parameters<Action>>(async () => ({}))
    renderForm(action)
    fireEvent.click(submit())
    expect(await screen.findByText('Neues Passwort ist ein Pflichtfeld')).toBeInTheDocument()
    expect(screen.getByText('Neues Passwort wiederholen ist ein Pflichtfeld')).toBeInTheDocument()
    expect(passwordInput()).toHaveAttribute('aria-invalid', 'true')
    expect(action).not.toHaveBeenCalled()
  })

  it('shows the password rule text for a weak password', async () => {
    const action = jest.fn<Promise<FormState>, Parameters<Action>>(async () => ({}))
    renderForm(action)
    type('kurz1A')
    fireEvent.click(submit())
    expect(await screen.findByText(de.Validation.password)).toBeInTheDocument()
    expect(passwordInput()).toHaveAttribute('aria-invalid', 'true')
    expect(action).not.toHaveBeenCalled()
  })

  it('shows the mismatch message when the repetition differs', async () => {
    const action = jest.fn<Promise<FormState>, Parameters<Action>>(async () => ({}))
    renderForm(action)
    type('Empfehlen2026', 'Empfehlen2027')
    fireEvent.click(submit())
    expect(await screen.findByText('Die Passwörter stimmen nicht überein.')).toBeInTheDocument()
    expect(repeatInput()).toHaveAttribute('aria-invalid', 'true')
    expect(passwordInput()).toHaveAttribute('aria-invalid', 'false')
    expect(action).not.toHaveBeenCalled()
  })

  it('shows the too-long message for more than 128 characters', async () => {
    const action = jest.fn<Promise<FormState>, Parameters<Action>>(async () => ({}))
    renderForm(action)
    const long = `Aa1${'x'.repeat(126)}`
    expect(long).toHaveLength(129)
    type(long)
    fireEvent.click(submit())
    expect(await screen.findByText('Das Passwort darf höchstens 128 Zeichen lang sein.')).toBeInTheDocument()
    expect(screen.queryByText(de.Validation.password)).not.toBeInTheDocument()
    expect(action).not.toHaveBeenCalled()
  })

  it('accepts exactly 128 characters', async () => {
    const action = jest.fn<Promise<FormState>, Parameters<Action>>(async () => ({}))
    renderForm(action)
    type(`Aa1${'x'.repeat(125)}`)
    await act(async () => {
      fireEvent.click(submit())
    })
    await waitFor(() => expect(action).toHaveBeenCalledTimes(1))
  })

  it('calls the action once with tenant, token, widget and both passwords', async () => {
    const action = jest.fn<Promise<FormState>, Parameters<Action>>(async () => ({}))
    renderForm(action, { tenant: 'demo~en', token: 'abc-def', widget: '1' })
    type('Empfehlen2026')
    await act(async () => {
      fireEvent.click(submit())
    })
    await waitFor(() => expect(action).toHaveBeenCalledTimes(1))
    expect(Object.fromEntries(action.mock.calls[0]![1])).toEqual({
      tenant: 'demo~en',
      token: 'abc-def',
      widget: '1',
      password: 'Empfehlen2026',
      passwordRepeat: 'Empfehlen2026',
    })
    expect(action).toHaveBeenCalledTimes(1)
  })

  it('leaves out the widget field when no widget is given', async () => {
    const action = jest.fn<Promise<FormState>, Parameters<Action>>(async () => ({}))
    renderForm(action)
    type('Empfehlen2026')
    await act(async () => {
      fireEvent.click(submit())
    })
    await waitFor(() => expect(action).toHaveBeenCalledTimes(1))
    expect(action.mock.calls[0]![1].has('widget')).toBe(false)
  })

  it('shows the catalogue text of an error the action returns as an alert', async () => {
    const action = jest.fn<Promise<FormState>, Parameters<Action>>(async () => ({ error: 'Abgelaufen' }))
    renderForm(action)
    type('Empfehlen2026')
    await act(async () => {
      fireEvent.click(submit())
    })
    expect(await screen.findByRole('alert')).toHaveTextContent(de.Errors.Abgelaufen)
  })

  it('shows the pending text and disables the button while the action runs', async () => {
    const { action, finish } = pendingAction()
    renderForm(action)
    type('Empfehlen2026')
    await act(async () => {
      fireEvent.click(submit())
    })
    const busy = await screen.findByRole('button', { name: 'Wird gespeichert …' })
    expect(busy).toBeDisabled()
    expect(busy).toHaveAttribute('aria-busy', 'true')
    expect(screen.queryByRole('button', { name: 'Passwort speichern' })).not.toBeInTheDocument()
    await act(async () => {
      finish({ error: 'Default' })
    })
    await waitFor(() => expect(submit()).toBeEnabled())
    expect(submit()).toHaveAttribute('aria-busy', 'false')
    expect(screen.getByRole('alert')).toHaveTextContent(de.Errors.Default)
  })
})

describe('SetPasswordForm with the rule the main API serves (GET /account/passwortvalidator, SPEC §5)', () => {
  const SERVED: PasswordValidator = {
    MinLength: 12,
    MaxLength: 64,
    Kleinbuchstabe: true,
    Grossbuchstabe: true,
    Ziffer: false,
    Muster: '',
    Meldung: 'Mindestens 12 Zeichen mit Groß- und Kleinbuchstaben.',
  }

  it('lists, checks and explains that rule instead of the built-in one', async () => {
    const action = jest.fn(async (): Promise<FormState> => ({}))
    renderForm(action, { passwordRule: SERVED })
    expect(rule('mindestens 12 Zeichen')).toBeInTheDocument()
    expect(
      screen.queryByText(
        (_, el) => el?.tagName === 'LI' && el.textContent?.startsWith('eine Ziffer') === true,
      ),
    ).toBeNull()
    type('Abcdefghijk')
    await act(async () => {
      fireEvent.click(submit())
    })
    expect(await screen.findByText(SERVED.Meldung)).toBeInTheDocument()
    expect(action).not.toHaveBeenCalled()
    type('Abcdefghijkl')
    await act(async () => {
      fireEvent.click(submit())
    })
    await waitFor(() => expect(action).toHaveBeenCalledTimes(1))
  })
})
