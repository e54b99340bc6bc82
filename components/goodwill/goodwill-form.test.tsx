import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import de from '@/messages/de.json'
import en from '@/messages/en.json'
import type { FormState } from '@/lib/portal/form-state'
import { GoodwillForm, type GoodwillFormProps } from './goodwill-form'

type Action = GoodwillFormProps['action']

const RECOMMENDATIONS = [
  { nummer: 'AB12CD34EF', label: 'Lumenta Zuhause M, erstellt am 02.03.2026 (Nr. AB12CD34EF)' },
  { nummer: 'ZX98YW76VU', label: 'Lumenta Glasfaser 500, erstellt am 15.01.2026 (Nr. ZX98YW76VU)' },
]

const actionAnswering = (answer: FormState) =>
  jest.fn<Promise<FormState>, Parameters<Action>>(async () => answer)

function renderForm(change: Partial<GoodwillFormProps> = {}, locale: 'de' | 'en' = 'de') {
  const props: GoodwillFormProps = {
    action: actionAnswering({}),
    tenant: 'demo',
    recommendations: RECOMMENDATIONS,
    today: '2026-06-15',
    ...change,
  }
  render(
    <NextIntlClientProvider locale={locale} messages={locale === 'de' ? de : en} timeZone="Europe/Berlin">
      <GoodwillForm {...props} />
    </NextIntlClientProvider>,
  )
  return props
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement
const submit = () => screen.getByRole('button', { name: 'Anfrage senden' })

function fillRequired() {
  fireEvent.change(field('Vorname Ihres Freundes'), { target: { value: 'Max' } })
  fireEvent.change(field('Nachname Ihres Freundes'), { target: { value: 'Muster' } })
  fireEvent.change(field('Ihre Nachricht'), { target: { value: 'Mein Freund hat im Mai bestellt.' } })
}

async function send() {
  await act(async () => {
    fireEvent.click(submit())
  })
}

describe('GoodwillForm', () => {
  it('labels every field, groups friend and order, and marks the optional ones', () => {
    renderForm()
    expect(screen.getByRole('group', { name: 'Ihr Freund' })).toContainElement(
      field('Vorname Ihres Freundes'),
    )
    const order = screen.getByRole('group', { name: 'Die Bestellung' })
    expect(order).toContainElement(field('Bestelldatum (optional)'))
    expect(field('Bestelldatum (optional)')).toHaveAccessibleDescription(
      'im Format TT.MM.JJJJ, z. B. 17.05.2026',
    )
    expect(field('Auftragsnummer (optional)')).toHaveAccessibleDescription(
      'steht in der Auftragsbestätigung Ihres Freundes',
    )
    expect(field('Ihre Nachricht').tagName).toBe('TEXTAREA')
    expect(field('Ihre Nachricht')).toHaveAccessibleDescription('Mindestens 10 und höchstens 2.000 Zeichen.')
    const select = screen.getByRole('combobox', { name: 'Zu welcher Empfehlung? (optional)' })
    expect(Array.from((select as HTMLSelectElement).options, (o) => [o.value, o.text])).toEqual([
      ['', 'Keine Angabe'],
      ['AB12CD34EF', RECOMMENDATIONS[0]!.label],
      ['ZX98YW76VU', RECOMMENDATIONS[1]!.label],
    ])
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('leaves out the recommendation choice when the referrer has none', () => {
    renderForm({ recommendations: [] })
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument()
  })

  it('shows the required messages on an empty submit and does not send', async () => {
    const props = renderForm()
    await send()
    expect(await screen.findByText('Vorname Ihres Freundes ist ein Pflichtfeld')).toBeInTheDocument()
    expect(screen.getByText('Nachname Ihres Freundes ist ein Pflichtfeld')).toBeInTheDocument()
    expect(screen.getByText('Ihre Nachricht ist ein Pflichtfeld')).toBeInTheDocument()
    expect(field('Vorname Ihres Freundes')).toHaveAttribute('aria-invalid', 'true')
    expect(field('Vorname Ihres Freundes')).toHaveAccessibleDescription(
      'Vorname Ihres Freundes ist ein Pflichtfeld',
    )
    // The optional fields stay quiet.
    expect(field('Bestelldatum (optional)')).toHaveAttribute('aria-invalid', 'false')
    expect(field('Auftragsnummer (optional)')).toHaveAttribute('aria-invalid', 'false')
    expect(props.action).not.toHaveBeenCalled()
  })

  it.each([
    ['2026-05-17', 'Bitte geben Sie das Datum im Format TT.MM.JJJJ ein.'],
    ['31.02.2026', 'Dieses Datum gibt es nicht.'],
    ['16.06.2026', 'Das Bestelldatum darf nicht in der Zukunft liegen.'],
    ['01.01.1999', 'Bitte geben Sie ein Bestelldatum ab dem Jahr 2000 ein.'],
  ])('refuses the order date %j', async (value, message) => {
    const props = renderForm()
    fillRequired()
    fireEvent.change(field('Bestelldatum (optional)'), { target: { value } })
    await send()
    expect(await screen.findByText(message)).toBeInTheDocument()
    expect(field('Bestelldatum (optional)')).toHaveAccessibleDescription(
      `${message} im Format TT.MM.JJJJ, z. B. 17.05.2026`,
    )
    expect(props.action).not.toHaveBeenCalled()
  })

  it('checks the order number, the message length and the name length', async () => {
    const props = renderForm()
    fillRequired()
    fireEvent.change(field('Auftragsnummer (optional)'), { target: { value: 'A 123' } })
    fireEvent.change(field('Ihre Nachricht'), { target: { value: ' zu kurz ' } })
    fireEvent.change(field('Nachname Ihres Freundes'), { target: { value: 'x'.repeat(101) } })
    await send()
    expect(
      await screen.findByText(
        'Die Auftragsnummer darf nur Buchstaben, Ziffern und die Zeichen . _ / - enthalten und höchstens 40 Zeichen lang sein.',
      ),
    ).toBeInTheDocument()
    expect(screen.getByText('Ihre Nachricht muss mindestens 10 Zeichen lang sein.')).toBeInTheDocument()
    expect(
      screen.getByText('Nachname Ihres Freundes darf höchstens 100 Zeichen lang sein.'),
    ).toBeInTheDocument()
    expect(props.action).not.toHaveBeenCalled()
  })

  it('refuses a friend’s name with a line break or a direction override with the field message', async () => {
    const props = renderForm()
    fillRequired()
    fireEvent.change(field('Nachname Ihres Freundes'), { target: { value: 'Muster\u202d' } })
    await send()
    expect(
      await screen.findByText(
        'Nachname Ihres Freundes enthält Zeichen, die nicht erlaubt sind (z. B. Zeilenumbrüche oder Steuerzeichen).',
      ),
    ).toBeInTheDocument()
    expect(props.action).not.toHaveBeenCalled()
  })

  it('sends the claim with every field and today as the order date', async () => {
    const props = renderForm({ widget: '1' })
    fillRequired()
    fireEvent.change(field('Bestelldatum (optional)'), { target: { value: '15.06.2026' } })
    fireEvent.change(field('Auftragsnummer (optional)'), { target: { value: 'A-2026/0815' } })
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'ZX98YW76VU' } })
    await send()
    await waitFor(() => expect(props.action).toHaveBeenCalledTimes(1))
    expect(Object.fromEntries(jest.mocked(props.action).mock.calls[0]![1])).toEqual({
      tenant: 'demo',
      widget: '1',
      vorname: 'Max',
      nachname: 'Muster',
      auftragsdatum: '15.06.2026',
      auftragsnummer: 'A-2026/0815',
      empfehlung: 'ZX98YW76VU',
      nachricht: 'Mein Freund hat im Mai bestellt.',
    })
  })

  it('says clearly when the daily limit is reached', async () => {
    renderForm({ action: actionAnswering({ error: 'ZuVieleAnfragen' }) })
    fillRequired()
    await send()
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Sie haben heute bereits 5 Anfragen gesendet. Bitte warten Sie auf unsere Antwort oder versuchen Sie es morgen noch einmal.',
    )
  })

  it('announces other refusals with the catalogue text', async () => {
    renderForm({ action: actionAnswering({ error: 'NichtGefunden' }) })
    fillRequired()
    await send()
    expect(await screen.findByRole('alert')).toHaveTextContent(de.Errors.NichtGefunden)
  })

  it('speaks English', async () => {
    renderForm({}, 'en')
    expect(screen.getByLabelText("Your friend's first name")).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Send enquiry' }))
    expect(await screen.findByText('Your message is a required field')).toBeInTheDocument()
    expect(en.Goodwill.thanksTitle).toBe('Thank you for your enquiry')
  })
})
