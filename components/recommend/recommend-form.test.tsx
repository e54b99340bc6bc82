import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import de from '@/messages/de.json'
import en from '@/messages/en.json'
import type { Aktion } from '@/lib/contracts/catalog'
import type { FormState } from '@/lib/portal/form-state'
import { RecommendForm, type RecommendFormProps } from './recommend-form'

type Action = RecommendFormProps['action']

const PICTURE = 'data:image/svg+xml;base64,PHN2Zy8+'
const CHALLENGE = { CaptchaId: '0b7f4a8e-3c1d-4e2f-9a6b-5c4d3e2f1a0b', Bild: PICTURE }
const ACCOUNT = { vorname: 'Anna', nachname: 'Beispiel', email: 'anna.beispiel@example.org' }

const TERMS_REQUIRED = 'Dies ist ein Pflichtfeld.'
const CONSENT_REQUIRED = 'Die Zustimmung ist erforderlich, um fortzufahren.'

const okAction = () => jest.fn<Promise<FormState>, Parameters<Action>>(async () => ({}))

function baseProps(): RecommendFormProps {
  return {
    action: okAction(),
    resendAction: okAction(),
    reloadCaptcha: jest.fn(async () => null),
    tenant: 'demo',
    produktId: 462,
    account: null,
    shares: [100, 50, 0],
    defaultShare: 100,
    rewardCents: 7000,
    maxRecipientCents: null,
    campaigns: [],
    autoAcceptTerms: false,
    termsHref: '/demo/agb',
    privacyHref: '/demo/datenschutz',
    dashboardHref: '/demo/persoenlicherbereich',
  }
}

function renderForm(change: Partial<RecommendFormProps> = {}, locale: 'de' | 'en' = 'de') {
  const props = { ...baseProps(), ...change }
  render(
    <NextIntlClientProvider locale={locale} messages={locale === 'de' ? de : en} timeZone="Europe/Berlin">
      <RecommendForm {...props} />
    </NextIntlClientProvider>,
  )
  return props
}

const vorname = () => screen.getByLabelText('Vorname')
const nachname = () => screen.getByLabelText('Nachname')
const email = () => screen.getByLabelText('E-Mail-Adresse')
const terms = () => screen.getByRole('checkbox', { name: /^Ich akzeptiere die Teilnahmebedingungen/ })
const submit = () => screen.getByRole('button', { name: 'Empfehlung erstellen' })
const radio = (title: string) => screen.getByRole('radio', { name: new RegExp(`^${title}`) })

/** Matches an element whose whole text is `text` once every kind of space (Intl's NBSP before €) is one space. */
const exactText = (text: string) => (_content: string, element: Element | null) =>
  element !== null &&
  element.children.length === 0 &&
  (element.textContent ?? '').replace(/\s+/g, ' ').trim() === text

function fillValid(address = 'anna.beispiel@example.org') {
  fireEvent.change(vorname(), { target: { value: 'Anna' } })
  fireEvent.change(nachname(), { target: { value: 'Beispiel' } })
  fireEvent.change(email(), { target: { value: address } })
  fireEvent.click(terms())
}

async function submitForm() {
  await act(async () => {
    fireEvent.click(submit())
  })
}

describe('RecommendForm for a visitor', () => {
  it('shows empty name and e-mail fields and the unticked terms', () => {
    renderForm()
    expect(vorname()).toHaveValue('')
    expect(nachname()).toHaveValue('')
    expect(email()).toHaveValue('')
    expect(email()).toHaveAttribute('type', 'email')
    for (const input of [vorname(), nachname(), email()]) expect(input).not.toHaveAttribute('readonly')
    expect(terms()).not.toBeChecked()
    expect(screen.getByText(de.Recommend.formIntro)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Teilnahmebedingungen' })).toHaveAttribute('href', '/demo/agb')
    expect(screen.getByRole('link', { name: 'Datenschutzhinweise' })).toHaveAttribute(
      'href',
      '/demo/datenschutz',
    )
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('shows the required messages on an empty submit and does not call the action', async () => {
    const props = renderForm()
    fireEvent.click(submit())
    expect(await screen.findByText('Vorname ist ein Pflichtfeld')).toBeInTheDocument()
    expect(screen.getByText('Nachname ist ein Pflichtfeld')).toBeInTheDocument()
    expect(screen.getByText('E-Mail-Adresse ist ein Pflichtfeld')).toBeInTheDocument()
    expect(screen.getByText(TERMS_REQUIRED)).toBeInTheDocument()
    expect(screen.getByText(CONSENT_REQUIRED)).toBeInTheDocument()
    expect(vorname()).toHaveAttribute('aria-invalid', 'true')
    expect(vorname()).toHaveAccessibleDescription('Vorname ist ein Pflichtfeld')
    expect(terms()).toHaveAttribute('aria-invalid', 'true')
    expect(terms()).toHaveAccessibleDescription(expect.stringContaining(TERMS_REQUIRED))
    expect(props.action).not.toHaveBeenCalled()
  })

  it('shows the field message for a name with direction or control characters, not a form-wide error', async () => {
    const props = renderForm()
    fillValid()
    fireEvent.change(vorname(), { target: { value: 'Anna\u2066' } })
    await submitForm()
    expect(vorname()).toHaveAttribute('aria-invalid', 'true')
    expect(vorname()).toHaveAccessibleDescription(
      'Vorname enthält Zeichen, die nicht erlaubt sind (z. B. Zeilenumbrüche oder Steuerzeichen).',
    )
    expect(nachname()).toHaveAttribute('aria-invalid', 'false')
    expect(props.action).not.toHaveBeenCalled()
  })

  it('treats names of blanks only as missing', async () => {
    const props = renderForm()
    fillValid()
    fireEvent.change(nachname(), { target: { value: '   ' } })
    fireEvent.click(submit())
    expect(await screen.findByText('Nachname ist ein Pflichtfeld')).toBeInTheDocument()
    expect(screen.queryByText('Vorname ist ein Pflichtfeld')).not.toBeInTheDocument()
    expect(props.action).not.toHaveBeenCalled()
  })

  it('shows the SPEC e-mail message for an invalid address', async () => {
    const props = renderForm()
    fillValid('anna.beispiel')
    fireEvent.click(submit())
    expect(await screen.findByText('Dies ist keine gültige E-Mail-Adresse.')).toBeInTheDocument()
    expect(email()).toHaveAttribute('aria-invalid', 'true')
    expect(screen.queryByText('E-Mail-Adresse ist ein Pflichtfeld')).not.toBeInTheDocument()
    expect(screen.queryByText(TERMS_REQUIRED)).not.toBeInTheDocument()
    expect(props.action).not.toHaveBeenCalled()
  })

  it('sends tenant, product, names, e-mail, share and terms once the input is valid', async () => {
    const props = renderForm({ tenant: 'demo~en' })
    fillValid()
    await submitForm()
    await waitFor(() => expect(props.action).toHaveBeenCalledTimes(1))
    const formData = (props.action as jest.Mock).mock.calls[0][1] as FormData
    expect(Object.fromEntries(formData)).toEqual({
      tenant: 'demo~en',
      produkt: '462',
      vorname: 'Anna',
      nachname: 'Beispiel',
      email: 'anna.beispiel@example.org',
      anteil: '100',
      terms: 'on',
    })
  })

  it('sends widget and channel when the page has them', async () => {
    const props = renderForm({ widget: '1', channel: 'newsletter' })
    fillValid()
    await submitForm()
    await waitFor(() => expect(props.action).toHaveBeenCalledTimes(1))
    expect(Object.fromEntries((props.action as jest.Mock).mock.calls[0][1] as FormData)).toMatchObject({
      widget: '1',
      channel: 'newsletter',
    })
  })

  it('drops both terms messages as soon as the box is ticked, without leaving it', async () => {
    renderForm()
    fireEvent.click(submit())
    expect(await screen.findByText(TERMS_REQUIRED)).toBeInTheDocument()
    expect(screen.getByText(CONSENT_REQUIRED)).toBeInTheDocument()
    await act(async () => {
      fireEvent.click(terms())
    })
    expect(terms()).toBeChecked()
    await waitFor(() => expect(screen.queryByText(TERMS_REQUIRED)).not.toBeInTheDocument())
    expect(screen.queryByText(CONSENT_REQUIRED)).not.toBeInTheDocument()
    expect(terms()).toHaveAttribute('aria-invalid', 'false')
    // The other messages stay until their fields are corrected.
    expect(screen.getByText('Vorname ist ein Pflichtfeld')).toBeInTheDocument()
  })

  it('shows the terms messages at once when the box is unticked again, before any submit', async () => {
    const props = renderForm()
    await act(async () => {
      fireEvent.click(terms())
    })
    expect(screen.queryByText(TERMS_REQUIRED)).not.toBeInTheDocument()
    await act(async () => {
      fireEvent.click(terms())
    })
    expect(await screen.findByText(TERMS_REQUIRED)).toBeInTheDocument()
    expect(screen.getByText(CONSENT_REQUIRED)).toBeInTheDocument()
    // No other field was touched, so no other message yet.
    expect(screen.queryByText('Vorname ist ein Pflichtfeld')).not.toBeInTheDocument()
    expect(props.action).not.toHaveBeenCalled()
  })
})

describe('RecommendForm for a logged-in referrer', () => {
  it('shows the account data read-only and says who recommends', () => {
    renderForm({ account: ACCOUNT })
    expect(vorname()).toHaveValue('Anna')
    expect(nachname()).toHaveValue('Beispiel')
    expect(email()).toHaveValue('anna.beispiel@example.org')
    for (const input of [vorname(), nachname(), email()]) expect(input).toHaveAttribute('readonly')
    expect(
      screen.getByText('Sie empfehlen als Anna Beispiel. Ihre Angaben stammen aus Ihrem Konto.'),
    ).toBeInTheDocument()
    expect(screen.queryByText(de.Recommend.formIntro)).not.toBeInTheDocument()
  })

  it('sends the account data with the ticked terms', async () => {
    const props = renderForm({ account: ACCOUNT })
    fireEvent.click(terms())
    await submitForm()
    await waitFor(() => expect(props.action).toHaveBeenCalledTimes(1))
    expect(Object.fromEntries((props.action as jest.Mock).mock.calls[0][1] as FormData)).toMatchObject({
      vorname: 'Anna',
      nachname: 'Beispiel',
      email: 'anna.beispiel@example.org',
      terms: 'on',
    })
  })
})

describe('RecommendForm share choice', () => {
  it('offers the three shares with 100 checked and the amounts of a 70 € reward', () => {
    renderForm()
    const group = screen.getByRole('group', { name: 'Wer soll die Prämie erhalten?' })
    expect(within(group).getAllByRole('radio')).toHaveLength(3)
    expect(radio('Ich erhalte die Prämie')).toBeChecked()
    expect(radio('Wir teilen die Prämie 50:50')).not.toBeChecked()
    expect(radio('Mein Freund erhält die Prämie')).not.toBeChecked()
    expect(screen.getByText(exactText('70 € für Sie'))).toBeInTheDocument()
    expect(screen.getByText(exactText('je 35 € für Sie und Ihren Freund'))).toBeInTheDocument()
    expect(screen.getByText(exactText('70 € für Ihren Freund'))).toBeInTheDocument()
  })

  it('caps the friend at MaxEmpfaengerPraemieCent', () => {
    renderForm({ maxRecipientCents: 5500 })
    expect(screen.getByText(exactText('70 € für Sie'))).toBeInTheDocument()
    expect(screen.getByText(exactText('je 35 € für Sie und Ihren Freund'))).toBeInTheDocument()
    expect(screen.getByText(exactText('55 € für Ihren Freund'))).toBeInTheDocument()
    expect(screen.queryByText(exactText('70 € für Ihren Freund'))).not.toBeInTheDocument()
  })

  it('names both amounts of a capped 50:50 share', () => {
    renderForm({ rewardCents: 15000, maxRecipientCents: 5500 })
    expect(screen.getByText(exactText('150 € für Sie'))).toBeInTheDocument()
    expect(screen.getByText(exactText('75 € für Sie, 55 € für Ihren Freund'))).toBeInTheDocument()
    expect(screen.getByText(exactText('55 € für Ihren Freund'))).toBeInTheDocument()
  })

  it('shows the cents of an odd reward, the odd cent going to the referrer', () => {
    renderForm({ rewardCents: 6999 })
    expect(screen.getByText(exactText('69,99 € für Sie'))).toBeInTheDocument()
    expect(screen.getByText(exactText('35 € für Sie, 34,99 € für Ihren Freund'))).toBeInTheDocument()
    expect(screen.getByText(exactText('69,99 € für Ihren Freund'))).toBeInTheDocument()
  })

  it('preselects 50:50 for defaultShare 50 and sends the chosen share', async () => {
    const props = renderForm({ defaultShare: 50 })
    expect(radio('Wir teilen die Prämie 50:50')).toBeChecked()
    expect(radio('Ich erhalte die Prämie')).not.toBeChecked()
    fireEvent.click(radio('Mein Freund erhält die Prämie'))
    fillValid()
    await submitForm()
    await waitFor(() => expect(props.action).toHaveBeenCalledTimes(1))
    expect(((props.action as jest.Mock).mock.calls[0][1] as FormData).get('anteil')).toBe('0')
  })

  it('has no radio group with a single share and sends it in a hidden input', async () => {
    const props = renderForm({ shares: [0], defaultShare: 0 })
    expect(screen.queryByRole('radio')).not.toBeInTheDocument()
    expect(screen.queryByText('Wer soll die Prämie erhalten?')).not.toBeInTheDocument()
    const hidden = document.querySelector<HTMLInputElement>('input[name="anteil"]')
    expect(hidden).toHaveAttribute('type', 'hidden')
    expect(hidden).toHaveValue('0')
    fillValid()
    await submitForm()
    await waitFor(() => expect(props.action).toHaveBeenCalledTimes(1))
    expect(((props.action as jest.Mock).mock.calls[0][1] as FormData).get('anteil')).toBe('0')
  })

  it('shows no amounts without a reward', () => {
    renderForm({ rewardCents: null })
    expect(screen.getAllByRole('radio')).toHaveLength(3)
    expect(screen.queryByText(/€/)).not.toBeInTheDocument()
    expect(document.querySelector('.share-choice__detail')).toBeNull()
  })
})

describe('RecommendForm campaigns', () => {
  const withConsent: Aktion = {
    AktionsId: 7,
    Titel: 'Sommer-Bonus',
    Text: 'Im Sommer gibt es 10 € extra.',
    RechtsText: 'Die Aktion läuft bis 31.08.2026.',
    abgehakt: false,
    Zustimmung: true,
  }
  const withoutConsent: Aktion = {
    AktionsId: 8,
    Titel: 'Treue-Aktion',
    Text: 'Bestandskunden erhalten einen Monat gratis.',
    RechtsText: 'Nur für Bestandskunden.',
    abgehakt: false,
    Zustimmung: false,
  }

  it('shows a consent box for a campaign that needs consent, and only title and text otherwise', async () => {
    const props = renderForm({ campaigns: [withConsent, withoutConsent] })
    expect(screen.getByRole('group', { name: 'Aktuelle Aktionen' })).toBeInTheDocument()
    const consent = screen.getByRole('checkbox', {
      name: /^Ja, ich möchte an der Aktion „Sommer-Bonus“ teilnehmen\./,
    })
    expect(consent).toHaveAttribute('name', 'aktion-7')
    expect(consent).not.toBeChecked()
    expect(screen.getByText('Die Aktion läuft bis 31.08.2026.')).toBeInTheDocument()
    expect(screen.getByText('Sommer-Bonus')).toBeInTheDocument()
    expect(screen.getByText('Im Sommer gibt es 10 € extra.')).toBeInTheDocument()

    expect(screen.getByText('Treue-Aktion')).toBeInTheDocument()
    expect(screen.getByText('Bestandskunden erhalten einen Monat gratis.')).toBeInTheDocument()
    expect(screen.queryByText('Nur für Bestandskunden.')).not.toBeInTheDocument()
    expect(screen.queryByRole('checkbox', { name: /Treue-Aktion/ })).not.toBeInTheDocument()
    expect(document.querySelector('input[name="aktion-8"]')).toBeNull()

    fireEvent.click(consent)
    fillValid()
    await submitForm()
    await waitFor(() => expect(props.action).toHaveBeenCalledTimes(1))
    const formData = (props.action as jest.Mock).mock.calls[0][1] as FormData
    expect(formData.get('aktion-7')).toBe('on')
    expect(formData.has('aktion-8')).toBe(false)
  })

  it('shows no campaign group without campaigns', () => {
    renderForm()
    expect(screen.queryByText('Aktuelle Aktionen')).not.toBeInTheDocument()
  })
})

describe('RecommendForm answers', () => {
  it('ticks the terms initially with autoAcceptTerms', () => {
    renderForm({ autoAcceptTerms: true })
    expect(terms()).toBeChecked()
  })

  it('shows the captcha step when the action demands one', async () => {
    const action = jest
      .fn<Promise<FormState>, Parameters<Action>>()
      .mockResolvedValueOnce({ captcha: CHALLENGE })
      .mockResolvedValueOnce({})
    const props = renderForm({ action })
    expect(screen.queryByRole('group', { name: 'Sicherheitsabfrage' })).not.toBeInTheDocument()
    fillValid()
    await submitForm()
    const captcha = await screen.findByRole('group', { name: 'Sicherheitsabfrage' })
    expect(within(captcha).getByRole('img')).toHaveAttribute('src', PICTURE)
    fireEvent.change(screen.getByLabelText('Zeichen aus dem Bild'), { target: { value: 'ac7hk' } })
    await submitForm()
    await waitFor(() => expect(props.action).toHaveBeenCalledTimes(2))
    expect(Object.fromEntries(action.mock.calls[1]![1])).toMatchObject({
      CaptchaId: CHALLENGE.CaptchaId,
      CaptchaLoesung: 'ac7hk',
    })
  })

  it('shows the catalogue text and the dashboard link when the recommendation exists', async () => {
    const action = jest.fn<Promise<FormState>, Parameters<Action>>(async () => ({
      error: 'EmpfehlungExists',
    }))
    renderForm({ action })
    fillValid()
    await submitForm()
    expect(await screen.findByRole('alert')).toHaveTextContent('Diese Empfehlung wurde bereits erstellt.')
    expect(screen.getByRole('link', { name: 'Zu Ihren Empfehlungen' })).toHaveAttribute(
      'href',
      '/demo/persoenlicherbereich',
    )
    expect(screen.queryByRole('button', { name: 'E-Mail erneut senden' })).not.toBeInTheDocument()
  })

  it('offers to send the opt-in mail again and sends tenant and e-mail', async () => {
    const action = jest.fn<Promise<FormState>, Parameters<Action>>(async () => ({
      error: 'EmpfehlungExistsAndOptInRequired',
    }))
    const resendAction = jest.fn<Promise<FormState>, Parameters<Action>>(async () => ({ ok: true }))
    renderForm({ action, resendAction })
    fillValid()
    await submitForm()
    expect(await screen.findByRole('alert')).toHaveTextContent(de.Errors.EmpfehlungExistsAndOptInRequired)
    expect(screen.queryByRole('link', { name: 'Zu Ihren Empfehlungen' })).not.toBeInTheDocument()
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'E-Mail erneut senden' }))
    })
    await waitFor(() => expect(resendAction).toHaveBeenCalledTimes(1))
    expect(Object.fromEntries(resendAction.mock.calls[0]![1])).toEqual({
      tenant: 'demo',
      email: 'anna.beispiel@example.org',
    })
    expect(await screen.findByRole('status')).toHaveTextContent('Wir haben Ihnen die E-Mail erneut gesendet.')
  })
})

describe('RecommendForm in English', () => {
  it('labels the fields and the button in English', () => {
    renderForm({}, 'en')
    expect(screen.getByLabelText('First name')).toBeInTheDocument()
    expect(screen.getByLabelText('Last name')).toBeInTheDocument()
    expect(screen.getByLabelText('E-mail address')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Create recommendation' })).toBeInTheDocument()
    expect(screen.getByRole('radio', { name: /^I receive the reward/ })).toBeChecked()
  })

  it('shows the English required messages', async () => {
    renderForm({}, 'en')
    fireEvent.click(screen.getByRole('button', { name: 'Create recommendation' }))
    expect(
      await screen.findByText(en.Validation.requiredField.replace('{field}', 'First name')),
    ).toBeInTheDocument()
  })
})
