import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import de from '@/messages/de.json'
import type { FormState, FormAction } from '@/lib/portal/form-state'
import { DeleteAccountForm } from './delete-account-form'
import { pendingAction } from './form-fixtures'

type Action = FormAction

const CONSENT = 'Die Zustimmung ist erforderlich, um fortzufahren.'

function renderForm(action: Action, props: { tenant?: string; widget?: string } = {}) {
  return render(
    <NextIntlClientProvider locale="de" messages={de} timeZone="Europe/Berlin">
      <DeleteAccountForm action={action} tenant="demo" {...props} />
    </NextIntlClientProvider>,
  )
}

const confirm = () =>
  screen.getByRole('checkbox', { name: 'Ja, ich möchte mein Konto und alle meine Daten endgültig löschen.' })
const submit = () => screen.getByRole('button', { name: 'Konto endgültig löschen' })

describe('DeleteAccountForm', () => {
  it('starts unticked and without a message', () => {
    renderForm(jest.fn())
    expect(confirm()).not.toBeChecked()
    expect(confirm()).toHaveAttribute('aria-invalid', 'false')
    expect(screen.queryByText(CONSENT)).not.toBeInTheDocument()
    expect(submit()).toHaveClass('button--danger')
  })

  it('asks for the confirmation on a submit without it and does not call the action', async () => {
    const action = jest.fn<Promise<FormState>, Parameters<Action>>(async () => ({}))
    renderForm(action)
    await act(async () => {
      fireEvent.click(submit())
    })
    expect(screen.getByRole('alert')).toHaveTextContent(CONSENT)
    expect(confirm()).toHaveAttribute('aria-invalid', 'true')
    expect(confirm()).toHaveAccessibleDescription(CONSENT)
    expect(action).not.toHaveBeenCalled()
  })

  it('calls the action with confirm=on once ticked, and the message disappears', async () => {
    const action = jest.fn<Promise<FormState>, Parameters<Action>>(async () => ({}))
    renderForm(action, { tenant: 'demo~en', widget: '1' })
    await act(async () => {
      fireEvent.click(submit())
    })
    expect(screen.getByText(CONSENT)).toBeInTheDocument()
    fireEvent.click(confirm())
    expect(confirm()).toBeChecked()
    expect(screen.queryByText(CONSENT)).not.toBeInTheDocument()
    await act(async () => {
      fireEvent.click(submit())
    })
    await waitFor(() => expect(action).toHaveBeenCalledTimes(1))
    expect(Object.fromEntries(action.mock.calls[0]![1])).toEqual({
      tenant: 'demo~en',
      widget: '1',
      confirm: 'on',
    })
    expect(screen.queryByText(CONSENT)).not.toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('asks again when the confirmation is unticked after a try', async () => {
    const action = jest.fn<Promise<FormState>, Parameters<Action>>(async () => ({}))
    renderForm(action)
    fireEvent.click(confirm())
    fireEvent.click(confirm())
    await act(async () => {
      fireEvent.click(submit())
    })
    expect(screen.getByText(CONSENT)).toBeInTheDocument()
    expect(action).not.toHaveBeenCalled()
  })

  it('shows the catalogue text of an error the action returns', async () => {
    const action = jest.fn<Promise<FormState>, Parameters<Action>>(async () => ({ error: 'PSOF0204' }))
    renderForm(action)
    fireEvent.click(confirm())
    await act(async () => {
      fireEvent.click(submit())
    })
    expect(await screen.findByRole('alert')).toHaveTextContent(de.Errors.PSOF0204)
  })

  it('shows the pending text and disables the button while the action runs', async () => {
    const { action, finish } = pendingAction()
    renderForm(action)
    fireEvent.click(confirm())
    await act(async () => {
      fireEvent.click(submit())
    })
    expect(await screen.findByRole('button', { name: 'Wird gelöscht …' })).toBeDisabled()
    await act(async () => {
      finish({})
    })
    await waitFor(() => expect(submit()).toBeEnabled())
  })
})
