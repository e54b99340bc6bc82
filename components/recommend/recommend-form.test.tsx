import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import de from '@/messages/de.json'
import {
  ACCOUNT,
  expectAccountShownLocked,
  TERMS_REQUIRED,
  CONSENT_REQUIRED,
  renderForm,
  vorname,
  nachname,
  email,
  terms,
  submit,
  radio,
  exactText,
  fillValid,
  submitForm,
} from './recommend-form-fixtures'

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
    expectAccountShownLocked()
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

describe('RecommendForm display flags (Disable*Input, AcceptTermsOnButtonClick; lib/portal/recommend-form-display.ts)', () => {
  const INVITED = {
    vorname: 'Greta',
    nachname: 'Albers',
    email: 'greta.albers@example.org',
    agentur: 'Sonnenschein',
  }
  const display = (
    flags: Partial<{ vorname: boolean; nachname: boolean; email: boolean }>,
    onClick = false,
  ) => ({
    fixedWhenGiven: { vorname: false, nachname: false, email: false, ...flags },
    acceptTermsOnButtonClick: onClick,
    ctaOffset: 0,
  })

  it('leaves the values an invitation filled in open to change without the flags', () => {
    renderForm({ invited: INVITED, display: display({}) })
    expect(vorname()).toHaveValue('Greta')
    for (const input of [vorname(), nachname(), email()]) expect(input).not.toHaveAttribute('readonly')
  })

  it.each([
    ['vorname', vorname],
    ['nachname', nachname],
    ['email', email],
  ] as const)('fixes the invited %s alone with its flag', (name, input) => {
    renderForm({ invited: INVITED, display: display({ [name]: true }) })
    expect(input()).toHaveAttribute('readonly')
    for (const other of [vorname, nachname, email].filter((f) => f !== input))
      expect(other()).not.toHaveAttribute('readonly')
  })

  it('keeps a field without a value open even with its flag, so a visitor can still recommend', () => {
    renderForm({ display: display({ vorname: true, nachname: true, email: true }) })
    for (const input of [vorname(), nachname(), email()]) expect(input).not.toHaveAttribute('readonly')
  })

  it('accepts the terms with the button: no checkbox, the text says so, terms are sent', async () => {
    const props = renderForm({ display: display({}, true) })
    expect(screen.queryByRole('checkbox', { name: /Ich akzeptiere die Teilnahmebedingungen/ })).toBeNull()
    expect(screen.getByText(/^Mit Klick auf „Empfehlung erstellen“ akzeptieren Sie die/)).toBeInTheDocument()
    fireEvent.change(vorname(), { target: { value: 'Flora' } })
    fireEvent.change(nachname(), { target: { value: 'Flagge' } })
    fireEvent.change(email(), { target: { value: 'flora@example.org' } })
    await submitForm()
    expect(props.action).toHaveBeenCalledTimes(1)
    const sent = (props.action as jest.Mock).mock.calls[0][1] as FormData
    expect(sent.get('terms')).toBe('on')
  })
})
