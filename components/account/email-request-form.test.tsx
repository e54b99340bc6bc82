import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import de from '@/messages/de.json'
import type { FormState, FormAction } from '@/lib/portal/form-state'
import { EmailRequestForm } from './email-request-form'
import { pendingAction } from './form-fixtures'

type Action = FormAction

const LABELS = {
  email: de.ForgotPassword.email,
  submit: de.ForgotPassword.submit,
  submitting: de.ForgotPassword.submitting,
  sent: de.ForgotPassword.sent,
}

function renderForm(action: Action, tenant = 'demo') {
  return render(
    <NextIntlClientProvider locale="de" messages={de} timeZone="Europe/Berlin">
      <EmailRequestForm action={action} tenant={tenant} idPrefix="forgot" labels={LABELS} />
    </NextIntlClientProvider>,
  )
}

const emailInput = () => screen.getByLabelText('E-Mail-Adresse') as HTMLInputElement
const submit = () => screen.getByRole('button', { name: 'Link anfordern' })

describe('EmailRequestForm', () => {
  it('labels the e-mail input with the given label and prefix', () => {
    renderForm(jest.fn())
    expect(emailInput()).toHaveAttribute('id', 'forgot-email')
    expect(emailInput()).toHaveAttribute('type', 'email')
    expect(emailInput()).toHaveAttribute('autocomplete', 'email')
    expect(screen.queryByRole('status')).not.toBeInTheDocument()
  })

  it('shows the required message on an empty submit and does not call the action', async () => {
    const action = jest.fn<Promise<FormState>, Parameters<Action>>(async () => ({}))
    renderForm(action)
    fireEvent.click(submit())
    expect(await screen.findByRole('alert')).toHaveTextContent('E-Mail-Adresse ist ein Pflichtfeld')
    expect(emailInput()).toHaveAttribute('aria-invalid', 'true')
    expect(emailInput()).toHaveAccessibleDescription('E-Mail-Adresse ist ein Pflichtfeld')
    expect(action).not.toHaveBeenCalled()
  })

  it('shows the SPEC e-mail message for an invalid address', async () => {
    const action = jest.fn<Promise<FormState>, Parameters<Action>>(async () => ({}))
    renderForm(action)
    fireEvent.change(emailInput(), { target: { value: 'anna@' } })
    fireEvent.click(submit())
    expect(await screen.findByText('Dies ist keine gültige E-Mail-Adresse.')).toBeInTheDocument()
    expect(screen.queryByText('E-Mail-Adresse ist ein Pflichtfeld')).not.toBeInTheDocument()
    expect(action).not.toHaveBeenCalled()
  })

  it('sends the e-mail with the tenant and shows the sent text after ok', async () => {
    const action = jest.fn<Promise<FormState>, Parameters<Action>>(async () => ({ ok: true }))
    renderForm(action, 'demo~en')
    fireEvent.change(emailInput(), { target: { value: 'anna.beispiel@example.org' } })
    await act(async () => {
      fireEvent.click(submit())
    })
    await waitFor(() => expect(action).toHaveBeenCalledTimes(1))
    expect(Object.fromEntries(action.mock.calls[0]![1])).toEqual({
      tenant: 'demo~en',
      email: 'anna.beispiel@example.org',
    })
    expect((await screen.findByRole('status')).textContent).toBe(LABELS.sent)
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    // the form stays, so the mail can be asked for again
    expect(submit()).toBeEnabled()
  })

  it('shows no success text while the action has not answered ok', async () => {
    const action = jest.fn<Promise<FormState>, Parameters<Action>>(async () => ({ error: 'ZuVieleAnfragen' }))
    renderForm(action)
    fireEvent.change(emailInput(), { target: { value: 'anna.beispiel@example.org' } })
    await act(async () => {
      fireEvent.click(submit())
    })
    expect(await screen.findByRole('alert')).toHaveTextContent(de.Errors.ZuVieleAnfragen)
    expect(screen.queryByText(LABELS.sent)).not.toBeInTheDocument()
  })

  it('shows the pending text and disables the button while the action runs', async () => {
    const { action, finish } = pendingAction()
    renderForm(action)
    fireEvent.change(emailInput(), { target: { value: 'anna.beispiel@example.org' } })
    await act(async () => {
      fireEvent.click(submit())
    })
    expect(await screen.findByRole('button', { name: 'Wird gesendet …' })).toBeDisabled()
    await act(async () => {
      finish({ ok: true })
    })
    await waitFor(() => expect(submit()).toBeEnabled())
    expect(screen.getByRole('status')).toHaveTextContent(LABELS.sent)
  })
})
