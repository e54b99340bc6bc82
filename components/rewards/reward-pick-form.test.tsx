import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import de from '@/messages/de.json'
import type { FormState } from '@/lib/portal/form-state'
import { RewardPickForm } from './reward-pick-form'

type Props = Parameters<typeof RewardPickForm>[0]

function renderForm(change: Partial<Props> = {}) {
  const action = jest.fn<Promise<FormState>, [FormState, FormData]>(async () => ({}))
  const props: Props = {
    action,
    tenant: 'demo',
    praemieId: 'P4K7M2Q9XZ',
    options: ['Bargeld', 'Gutschein'],
    creditNeedsNumber: null,
    storedBankData: false,
    offerToKeepBankData: false,
    germanOnly: false,
    mandant: 'Lumenta Telekom',
    ...change,
  }
  const view = render(
    <NextIntlClientProvider locale="de" messages={de} timeZone="Europe/Berlin">
      <RewardPickForm {...props} />
    </NextIntlClientProvider>,
  )
  return { action, view }
}

const submit = () => screen.getByRole('button', { name: 'Prämie jetzt abholen' })
const send = () =>
  act(async () => {
    fireEvent.click(submit())
  })
const sentData = (action: jest.Mock) => Object.fromEntries(action.mock.calls[0]![1] as FormData)

describe('RewardPickForm', () => {
  it('offers the tenant’s ways in a labelled group, and says a reward is picked once', () => {
    renderForm()
    expect(screen.getByRole('group', { name: 'Wie möchten Sie Ihre Prämie erhalten?' })).toBeInTheDocument()
    expect(screen.getByRole('radio', { name: /Überweisung auf Ihr Konto/ })).not.toBeChecked()
    expect(screen.getByRole('radio', { name: /Gutschein per E-Mail/ })).toBeInTheDocument()
    expect(screen.queryByRole('radio', { name: /Gutschrift/ })).toBeNull()
    expect(
      screen.getByText('Bitte beachten Sie: Eine Prämie kann nur einmal abgeholt werden.'),
    ).toBeInTheDocument()
  })

  it('asks for a choice before sending anything', async () => {
    const { action } = renderForm()
    await send()
    expect(
      await screen.findByText('Bitte wählen Sie, wie Sie Ihre Prämie erhalten möchten.'),
    ).toBeInTheDocument()
    expect(action).not.toHaveBeenCalled()
  })

  it('shows the bank fields only for a transfer and checks the IBAN as the server does', async () => {
    const { action } = renderForm()
    expect(screen.queryByLabelText('IBAN')).toBeNull()
    fireEvent.click(screen.getByRole('radio', { name: /Überweisung auf Ihr Konto/ }))
    fireEvent.change(await screen.findByLabelText('IBAN'), { target: { value: 'DE89370400440532013001' } })
    fireEvent.change(screen.getByLabelText('Kontoinhaber'), { target: { value: 'Paula Prämie' } })
    await send()
    expect(await screen.findByText('IBAN ist nicht gültig')).toBeInTheDocument()
    expect(screen.getByLabelText('IBAN')).toHaveAttribute('aria-invalid', 'true')
    expect(action).not.toHaveBeenCalled()
    fireEvent.change(screen.getByLabelText('IBAN'), { target: { value: 'DE89 3704 0044 0532 0130 00' } })
    await send()
    await waitFor(() => expect(action).toHaveBeenCalledTimes(1))
    expect(sentData(action)).toMatchObject({
      tenant: 'demo',
      praemieId: 'P4K7M2Q9XZ',
      auswahl: 'Bargeld',
      iban: 'DE89 3704 0044 0532 0130 00',
      kontoinhaber: 'Paula Prämie',
    })
  })

  it('sends a voucher pick with the link’s token and without bank fields', async () => {
    const { action } = renderForm({ token: 'a'.repeat(43) })
    fireEvent.click(screen.getByRole('radio', { name: /Gutschein per E-Mail/ }))
    await send()
    await waitFor(() => expect(action).toHaveBeenCalledTimes(1))
    const data = sentData(action)
    expect(data).toMatchObject({ auswahl: 'Gutschein', token: 'a'.repeat(43) })
    expect(data).not.toHaveProperty('iban')
  })

  it('uses stored bank data unless other data are entered', async () => {
    const { action } = renderForm({ storedBankData: true, options: ['Bargeld'] })
    // One way only: it is chosen already.
    expect(screen.getByRole('radio', { name: /Überweisung auf Ihr Konto/ })).toBeChecked()
    expect(screen.getByRole('radio', { name: 'Meine gespeicherten Bankdaten verwenden' })).toBeChecked()
    expect(screen.queryByLabelText('IBAN')).toBeNull()
    fireEvent.click(screen.getByRole('radio', { name: 'Andere Bankdaten eingeben' }))
    expect(await screen.findByLabelText('IBAN')).toBeInTheDocument()
    fireEvent.click(screen.getByRole('radio', { name: 'Meine gespeicherten Bankdaten verwenden' }))
    await send()
    await waitFor(() => expect(action).toHaveBeenCalledTimes(1))
    expect(sentData(action)).toMatchObject({ auswahl: 'Bargeld', bankQuelle: 'gespeichert' })
  })

  it('points to the customer number when a credit needs one, and shows the server’s refusal', async () => {
    const action = jest.fn<Promise<FormState>, [FormState, FormData]>(async () => ({
      error: 'PraemieBereitsAbgeholt',
    }))
    renderForm({ action, creditNeedsNumber: { href: '/demo/kundennummer' } })
    expect(screen.getByRole('link', { name: 'Kundennummer hinterlegen' })).toHaveAttribute(
      'href',
      '/demo/kundennummer',
    )
    fireEvent.click(screen.getByRole('radio', { name: /Gutschein per E-Mail/ }))
    await send()
    expect(await screen.findByRole('alert')).toHaveTextContent('Diese Prämie wurde bereits ausgewählt.')
  })

  it('offers a logged-in referrer to keep the bank data entered, and sends the choice', async () => {
    const { action } = renderForm({ offerToKeepBankData: true })
    fireEvent.click(screen.getByRole('radio', { name: /Überweisung auf Ihr Konto/ }))
    const keep = await screen.findByRole('checkbox', {
      name: 'Diese Bankdaten auch für künftige Prämien speichern',
    })
    expect(keep).not.toBeChecked()
    fireEvent.change(screen.getByLabelText('IBAN'), { target: { value: 'DE89 3704 0044 0532 0130 00' } })
    fireEvent.change(screen.getByLabelText('Kontoinhaber'), { target: { value: 'Anna Beispiel' } })
    fireEvent.click(keep)
    await send()
    await waitFor(() => expect(action).toHaveBeenCalled())
    expect(sentData(action)).toMatchObject({ auswahl: 'Bargeld', speichern: 'ja' })
  })

  it('does not offer to keep bank data by a reward link', async () => {
    renderForm()
    fireEvent.click(screen.getByRole('radio', { name: /Überweisung auf Ihr Konto/ }))
    await screen.findByLabelText('IBAN')
    expect(screen.queryByRole('checkbox', { name: /künftige Prämien/ })).not.toBeInTheDocument()
  })
})
