import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import de from '@/messages/de.json'
import en from '@/messages/en.json'
import type { FormState } from '@/lib/portal/form-state'
import { CustomerNumberForm, type CustomerNumberFormProps } from './customer-number-form'

type Action = CustomerNumberFormProps['action']

const QUESTION = 'Sind Sie bereits Kunde bei Lumenta Telekom?'
const HINT =
  'Ihre Kundennummer finden Sie oben auf Ihrer Rechnung von Lumenta Telekom. Sie hat 6 bis 12 Ziffern; Leerzeichen dürfen Sie mitschreiben.'

const actionAnswering = (answer: FormState) =>
  jest.fn<Promise<FormState>, Parameters<Action>>(async () => answer)

function renderForm(change: Partial<CustomerNumberFormProps> = {}, locale: 'de' | 'en' = 'de') {
  const props: CustomerNumberFormProps = {
    action: actionAnswering({}),
    tenant: 'demo',
    mandant: 'Lumenta Telekom',
    bankDetailsHref: '/demo/empfehler/bankdaten',
    existingCustomer: false,
    ...change,
  }
  render(
    <NextIntlClientProvider locale={locale} messages={locale === 'de' ? de : en} timeZone="Europe/Berlin">
      <CustomerNumberForm {...props} />
    </NextIntlClientProvider>,
  )
  return props
}

const question = () => screen.getByRole('group', { name: QUESTION })
const yes = () => screen.getByRole('radio', { name: 'Ja' })
const no = () => screen.getByRole('radio', { name: 'Nein' })
const numberField = () => screen.getByLabelText('Kundennummer') as HTMLInputElement
const submit = () => screen.getByRole('button', { name: 'Kundennummer speichern' })

async function send() {
  await act(async () => {
    fireEvent.click(submit())
  })
}

describe('CustomerNumberForm', () => {
  it('asks the existing-customer question first, with nothing else until it is answered', () => {
    renderForm()
    expect(question()).toBeInTheDocument()
    expect(yes()).not.toBeChecked()
    expect(no()).not.toBeChecked()
    expect(screen.queryByLabelText('Kundennummer')).not.toBeInTheDocument()
    expect(screen.queryByRole('button')).not.toBeInTheDocument()
    expect(screen.queryByRole('link')).not.toBeInTheDocument()
  })

  it('on yes asks for the customer number with the hint where to find it', () => {
    renderForm()
    fireEvent.click(yes())
    expect(numberField()).toHaveAttribute('inputmode', 'numeric')
    expect(numberField()).toHaveAccessibleDescription(HINT)
    expect(submit()).toBeEnabled()
    expect(screen.queryByRole('link', { name: 'Bankdaten hinterlegen' })).not.toBeInTheDocument()
  })

  it('on no explains the bank transfer and links the bank data, without a number field', () => {
    renderForm()
    fireEvent.click(no())
    expect(
      screen.getByText(
        'Dann überweisen wir Ihre Prämien auf Ihr Bankkonto. Hinterlegen Sie dafür Ihre Bankdaten.',
      ),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Bankdaten hinterlegen' })).toHaveAttribute(
      'href',
      '/demo/empfehler/bankdaten',
    )
    expect(screen.queryByLabelText('Kundennummer')).not.toBeInTheDocument()
    expect(screen.queryByRole('button')).not.toBeInTheDocument()
    // Changing the answer brings the field back.
    fireEvent.click(yes())
    expect(numberField()).toBeInTheDocument()
  })

  it('starts with yes when a number is on file', () => {
    renderForm({ existingCustomer: true })
    expect(yes()).toBeChecked()
    expect(numberField()).toHaveValue('')
  })

  it.each([
    ['', 'Kundennummer ist ein Pflichtfeld'],
    ['12345', 'Bitte geben Sie eine Kundennummer aus 6 bis 12 Ziffern ein.'],
    ['1234567890123', 'Bitte geben Sie eine Kundennummer aus 6 bis 12 Ziffern ein.'],
    ['12345A', 'Bitte geben Sie eine Kundennummer aus 6 bis 12 Ziffern ein.'],
    ['1234-5678', 'Bitte geben Sie eine Kundennummer aus 6 bis 12 Ziffern ein.'],
  ])('refuses %j with its message on the field and does not send', async (value, message) => {
    const props = renderForm()
    fireEvent.click(yes())
    fireEvent.change(numberField(), { target: { value } })
    await send()
    expect(await screen.findByText(message)).toBeInTheDocument()
    expect(numberField()).toHaveAttribute('aria-invalid', 'true')
    expect(numberField()).toHaveAccessibleDescription(`${message} ${HINT}`)
    expect(props.action).not.toHaveBeenCalled()
  })

  it('sends a number with spaces as typed, with the tenant and the answer', async () => {
    const props = renderForm({ widget: '1' })
    fireEvent.click(yes())
    fireEvent.change(numberField(), { target: { value: '1234 5678 90' } })
    await send()
    await waitFor(() => expect(props.action).toHaveBeenCalledTimes(1))
    expect(Object.fromEntries(jest.mocked(props.action).mock.calls[0]![1])).toEqual({
      tenant: 'demo',
      widget: '1',
      bestandskunde: 'ja',
      kundennummer: '1234 5678 90',
    })
  })

  it('announces a refusal of the server', async () => {
    renderForm({ action: actionAnswering({ error: 'UngueltigeEingabe' }) })
    fireEvent.click(yes())
    fireEvent.change(numberField(), { target: { value: '123456' } })
    await send()
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Bitte geben Sie eine Kundennummer aus 6 bis 12 Ziffern ein.',
    )
  })

  it('announces any other error with the catalogue text', async () => {
    renderForm({ action: actionAnswering({ error: 'NetzwerkFehler' }) })
    fireEvent.click(yes())
    fireEvent.change(numberField(), { target: { value: '123456' } })
    await send()
    expect(await screen.findByRole('alert')).toHaveTextContent(de.Errors.NetzwerkFehler)
  })

  it('speaks English', () => {
    renderForm({}, 'en')
    expect(
      screen.getByRole('group', { name: 'Are you already a customer of Lumenta Telekom?' }),
    ).toBeInTheDocument()
    fireEvent.click(screen.getByRole('radio', { name: 'Yes' }))
    expect(screen.getByLabelText('Customer number')).toBeInTheDocument()
    fireEvent.click(screen.getByRole('radio', { name: 'No' }))
    expect(screen.getByRole('link', { name: 'Enter bank details' })).toBeInTheDocument()
  })
})
