import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import de from '@/messages/de.json'
import type { FormState, FormAction } from '@/lib/portal/form-state'
import { DeleteBankDataForm } from './delete-bank-data-form'

type Action = FormAction

const MASKED = 'DE89 •••• •••• •••• ••30 00'

function renderForm(action: Action) {
  return render(
    <NextIntlClientProvider locale="de" messages={de} timeZone="Europe/Berlin">
      <DeleteBankDataForm action={action} tenant="demo" widget="1" iban={MASKED} />
    </NextIntlClientProvider>,
  )
}

const open = () => screen.getByRole('button', { name: 'Bankdaten löschen' })
const dialog = () => screen.queryByRole('dialog', { name: 'Bankdaten wirklich löschen?' })
const confirm = () => screen.getByRole('button', { name: 'Ja, Bankdaten löschen' })

describe('DeleteBankDataForm', () => {
  it('asks first, naming the masked account, with the focus on cancel; cancel deletes nothing', () => {
    const action = jest.fn<Promise<FormState>, Parameters<Action>>(async () => ({}))
    renderForm(action)
    expect(dialog()).toBeNull()
    // A click focuses the button in a browser; fireEvent does not.
    open().focus()
    fireEvent.click(open())
    expect(dialog()).toHaveAccessibleDescription(
      `Ihr Konto ${MASKED} wird endgültig gelöscht. Das kann nicht rückgängig gemacht werden.`,
    )
    expect(screen.getByRole('button', { name: 'Abbrechen' })).toHaveFocus()
    fireEvent.click(screen.getByRole('button', { name: 'Abbrechen' }))
    expect(dialog()).toBeNull()
    expect(open()).toHaveFocus()
    expect(action).not.toHaveBeenCalled()
  })

  it('closes on Escape', () => {
    renderForm(jest.fn())
    fireEvent.click(open())
    fireEvent.keyDown(dialog()!, { key: 'Escape' })
    expect(dialog()).toBeNull()
  })

  it('deletes once confirmed, with tenant and widget', async () => {
    const action = jest.fn<Promise<FormState>, Parameters<Action>>(async () => ({}))
    renderForm(action)
    fireEvent.click(open())
    await act(async () => {
      fireEvent.click(confirm())
    })
    await waitFor(() => expect(action).toHaveBeenCalledTimes(1))
    expect(Object.fromEntries(action.mock.calls[0]![1])).toEqual({ tenant: 'demo', widget: '1' })
  })

  it('shows a refusal of the server in the dialog', async () => {
    const action = jest.fn<Promise<FormState>, Parameters<Action>>(async () => ({ error: 'Default' }))
    renderForm(action)
    fireEvent.click(open())
    await act(async () => {
      fireEvent.click(confirm())
    })
    expect(await screen.findByRole('alert')).toHaveTextContent(de.Errors.Default)
    expect(dialog()).toBeInTheDocument()
  })
})
