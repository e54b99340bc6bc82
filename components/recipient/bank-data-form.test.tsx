import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import de from '@/messages/de.json'
import en from '@/messages/en.json'
import type { FormState } from '@/lib/portal/form-state'
import { BankDataForm } from './bank-data-form'

type State = FormState & { saved?: { IBAN: string; Kontoinhaber: string } }
type Action = (state: State, formData: FormData) => Promise<State>

const IBAN = 'DE89 3704 0044 0532 0130 00'

function renderForm(
  action: Action,
  props: Partial<Parameters<typeof BankDataForm>[0]> = {},
  locale: 'de' | 'en' = 'de',
) {
  return render(
    <NextIntlClientProvider locale={locale} messages={locale === 'de' ? de : en} timeZone="Europe/Berlin">
      <BankDataForm action={action} tenant="demo" germanOnly={false} {...props} />
    </NextIntlClientProvider>,
  )
}

const iban = () => screen.getByRole('textbox', { name: 'IBAN' })
const holder = () => screen.getByRole('textbox', { name: 'Kontoinhaber' })
const submit = () => screen.getByRole('button', { name: 'Bankdaten speichern' })

async function send() {
  await act(async () => {
    fireEvent.click(submit())
  })
}

describe('BankDataForm', () => {
  it('labels both fields, describes the IBAN by its example and starts without a message', () => {
    renderForm(jest.fn())
    expect(iban()).toHaveAccessibleDescription('z. B. DE89 3704 0044 0532 0130 00')
    expect(iban()).toHaveAttribute('aria-invalid', 'false')
    expect(holder()).toHaveAttribute('aria-invalid', 'false')
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('names empty fields and an invalid IBAN with the SPEC’s suffixes, linked to the fields, and sends nothing', async () => {
    const action = jest.fn<Promise<State>, Parameters<Action>>(async () => ({}))
    renderForm(action)
    await send()
    expect(iban()).toHaveAttribute('aria-invalid', 'true')
    expect(iban()).toHaveAccessibleDescription('z. B. DE89 3704 0044 0532 0130 00 IBAN ist ein Pflichtfeld')
    expect(holder()).toHaveAccessibleDescription('Kontoinhaber ist ein Pflichtfeld')
    // The focus goes to the first invalid field, whose message is read with it.
    expect(iban()).toHaveFocus()

    fireEvent.change(iban(), { target: { value: 'DE89 3704 0044 0532 0130 01' } })
    fireEvent.change(holder(), { target: { value: 'Mara Muster' } })
    await send()
    expect(iban()).toHaveAccessibleDescription('z. B. DE89 3704 0044 0532 0130 00 IBAN ist nicht gültig')
    expect(holder()).toHaveAttribute('aria-invalid', 'false')
    expect(action).not.toHaveBeenCalled()
  })

  it('refuses an account holder with a control or direction character with the field message', async () => {
    const action = jest.fn<Promise<State>, Parameters<Action>>(async () => ({}))
    renderForm(action)
    fireEvent.change(iban(), { target: { value: IBAN } })
    fireEvent.change(holder(), { target: { value: 'Mara\u2067 Muster' } })
    await send()
    expect(holder()).toHaveAccessibleDescription(
      'Kontoinhaber enthält Zeichen, die nicht erlaubt sind (z. B. Zeilenumbrüche oder Steuerzeichen).',
    )
    expect(action).not.toHaveBeenCalled()
  })

  it('accepts only German IBANs when the tenant says so', async () => {
    const action = jest.fn<Promise<State>, Parameters<Action>>(async () => ({}))
    renderForm(action, { germanOnly: true })
    fireEvent.change(iban(), { target: { value: 'AT61 1904 3002 3457 3201' } })
    fireEvent.change(holder(), { target: { value: 'Mara Muster' } })
    await send()
    expect(screen.getByRole('alert')).toHaveTextContent(
      'IBAN ist nicht gültig. Es werden nur deutsche IBANs akzeptiert.',
    )
    expect(action).not.toHaveBeenCalled()
  })

  it('sends tenant, widget, IBAN and holder as typed once both are valid', async () => {
    const action = jest.fn<Promise<State>, Parameters<Action>>(async () => ({}))
    renderForm(action, { tenant: 'demo~en', widget: '1' })
    fireEvent.change(iban(), { target: { value: IBAN } })
    fireEvent.change(holder(), { target: { value: 'Mara Muster' } })
    await send()
    await waitFor(() => expect(action).toHaveBeenCalledTimes(1))
    expect(Object.fromEntries(action.mock.calls[0]![1])).toEqual({
      tenant: 'demo~en',
      widget: '1',
      iban: IBAN,
      kontoinhaber: 'Mara Muster',
    })
  })

  it('shows a refusal of the server above the fields and moves the focus there', async () => {
    const action = jest.fn<Promise<State>, Parameters<Action>>(async () => ({ error: 'IbanNichtDeutsch' }))
    renderForm(action)
    fireEvent.change(iban(), { target: { value: IBAN } })
    fireEvent.change(holder(), { target: { value: 'Mara Muster' } })
    await send()
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(de.Errors.IbanNichtDeutsch)
    expect(alert.parentElement).toHaveFocus()
    // The typed values stay for the correction.
    expect(iban()).toHaveValue(IBAN)
  })

  it('shows the recipient the saved account masked instead of the form', async () => {
    const action = jest.fn<Promise<State>, Parameters<Action>>(async () => ({
      ok: true,
      saved: { IBAN: 'DE89 •••• •••• •••• ••30 00', Kontoinhaber: 'M••• M•••••' },
    }))
    renderForm(action)
    fireEvent.change(iban(), { target: { value: IBAN } })
    fireEvent.change(holder(), { target: { value: 'Mara Muster' } })
    await send()
    expect(await screen.findByRole('status')).toHaveTextContent('Ihre Bankdaten wurden gespeichert.')
    expect(screen.getByText('IBAN DE89 •••• •••• •••• ••30 00, Kontoinhaber M••• M•••••')).toBeInTheDocument()
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument()
  })

  it('speaks the referrer’s texts with ids of its own, in English too', async () => {
    const { unmount } = renderForm(jest.fn(), { messages: 'ReferrerBank', idPrefix: 'referrer-bank' })
    expect(iban()).toHaveAttribute('id', 'referrer-bank-iban')
    expect(holder()).toHaveAttribute('id', 'referrer-bank-holder')
    unmount()
    renderForm(jest.fn(), { messages: 'ReferrerBank' }, 'en')
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save bank details' }))
    })
    expect(screen.getByRole('textbox', { name: 'Account holder' })).toHaveAccessibleDescription(
      'Account holder is a required field',
    )
  })
})
