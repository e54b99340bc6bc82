import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import de from '@/messages/de.json'
import type { ErrorCode } from '@/lib/shared/errors'
import type { FormState, FormAction } from '@/lib/portal/form-state'
import { ChangePasswordForm } from './change-password-form'

type Action = FormAction

const SUCCESS = 'Passwort erfolgreich geändert.'
const FAILURE =
  'Fehler: Passwort konnte nicht geändert werden, versuchen sie es zu einem späteren Zeitpunkt nocheinmal.'

function renderForm(action: Action, props: { tenant?: string; widget?: string } = {}) {
  return render(
    <NextIntlClientProvider locale="de" messages={de} timeZone="Europe/Berlin">
      <ChangePasswordForm action={action} tenant="demo" {...props} />
    </NextIntlClientProvider>,
  )
}

const oldInput = () => screen.getByLabelText('Aktuelles Passwort') as HTMLInputElement
const passwordInput = () => screen.getByLabelText('Neues Passwort') as HTMLInputElement
const repeatInput = () => screen.getByLabelText('Neues Passwort wiederholen') as HTMLInputElement
const submit = () => screen.getByRole('button', { name: 'Passwort ändern' })

function fillValid() {
  fireEvent.change(oldInput(), { target: { value: 'Alt2025passwort' } })
  fireEvent.change(passwordInput(), { target: { value: 'Empfehlen2026' } })
  fireEvent.change(repeatInput(), { target: { value: 'Empfehlen2026' } })
}

async function submitValid(action: Action, props: { tenant?: string; widget?: string } = {}) {
  renderForm(action, props)
  fillValid()
  await act(async () => {
    fireEvent.click(submit())
  })
}

describe('ChangePasswordForm', () => {
  it('labels the current password for password managers', () => {
    renderForm(jest.fn())
    expect(oldInput()).toHaveAttribute('type', 'password')
    expect(oldInput()).toHaveAttribute('autocomplete', 'current-password')
    expect(passwordInput()).toHaveAttribute('autocomplete', 'new-password')
    expect(screen.queryByRole('status')).not.toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('shows the required message for the current password and does not call the action', async () => {
    const action = jest.fn<Promise<FormState>, Parameters<Action>>(async () => ({}))
    renderForm(action)
    fireEvent.change(passwordInput(), { target: { value: 'Empfehlen2026' } })
    fireEvent.change(repeatInput(), { target: { value: 'Empfehlen2026' } })
    fireEvent.click(submit())
    expect(await screen.findByText('Aktuelles Passwort ist ein Pflichtfeld')).toBeInTheDocument()
    expect(oldInput()).toHaveAttribute('aria-invalid', 'true')
    expect(oldInput()).toHaveAccessibleDescription('Aktuelles Passwort ist ein Pflichtfeld')
    expect(screen.getAllByRole('alert')).toHaveLength(1)
    expect(action).not.toHaveBeenCalled()
  })

  it('sends the current and the new password with tenant and widget', async () => {
    const action = jest.fn<Promise<FormState>, Parameters<Action>>(async () => ({}))
    await submitValid(action, { tenant: 'demo~en', widget: '1' })
    await waitFor(() => expect(action).toHaveBeenCalledTimes(1))
    expect(Object.fromEntries(action.mock.calls[0]![1])).toEqual({
      tenant: 'demo~en',
      widget: '1',
      oldPassword: 'Alt2025passwort',
      password: 'Empfehlen2026',
      passwordRepeat: 'Empfehlen2026',
    })
  })

  it('shows exactly the SPEC success text and clears the fields', async () => {
    const action = jest.fn<Promise<FormState>, Parameters<Action>>(async () => ({ ok: true }))
    await submitValid(action)
    const status = await screen.findByRole('status')
    expect(status.textContent).toBe(SUCCESS)
    await waitFor(() => expect(oldInput().value).toBe(''))
    expect(passwordInput().value).toBe('')
    expect(repeatInput().value).toBe('')
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('shows the catalogue text when the current password is wrong', async () => {
    const action = jest.fn<Promise<FormState>, Parameters<Action>>(async () => ({ error: 'PasswortFalsch' }))
    await submitValid(action)
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toBe('Das aktuelle Passwort ist nicht korrekt.')
    expect(screen.queryByRole('status')).not.toBeInTheDocument()
    expect(oldInput().value).toBe('Alt2025passwort')
  })

  it('shows the catalogue text for a locked account', async () => {
    const action = jest.fn<Promise<FormState>, Parameters<Action>>(async () => ({ error: 'KontoGesperrt' }))
    await submitValid(action)
    expect((await screen.findByRole('alert')).textContent).toBe(de.Errors.KontoGesperrt)
  })

  it.each<ErrorCode>(['Default', 'NetzwerkFehler', 'ZuVieleAnfragen'])(
    'shows exactly the SPEC failure text for the unexpected error %s',
    async (error) => {
      const action = jest.fn<Promise<FormState>, Parameters<Action>>(async () => ({ error }))
      await submitValid(action)
      const alert = await screen.findByRole('alert')
      expect(alert.textContent).toBe(FAILURE)
      expect(screen.queryByRole('status')).not.toBeInTheDocument()
    },
  )
})
