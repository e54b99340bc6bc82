import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import de from '@/messages/de.json'
import en from '@/messages/en.json'
import type { InvitationFormState } from '@/lib/portal/invitation-form'
import { InvitationForm, type InvitationFormProps } from './invitation-form'

type Action = InvitationFormProps['action']

const textsOf = (messages: typeof de) => {
  const m = messages.Agency.invitation
  return {
    formTitle: m.formTitle,
    consentHint: m.consentHint,
    art: m.art,
    artVorOrt: m.artVorOrt,
    artTelefon: m.artTelefon,
    firstName: m.firstName,
    lastName: m.lastName,
    email: m.email,
    number: m.number,
    numberInvalid: m.numberInvalid,
    submit: m.submit,
    sending: m.sending,
    numberOwn: m.numberOwn,
    sent: m.sent,
  }
}

const TOOL = {
  Mitarbeiter: [
    { Mitarbeiternummer: 'SV-M-101', Name: 'Mia Mitarbeiter' },
    { Mitarbeiternummer: 'SV-M-102', Name: 'Jan Schulze' },
  ],
  Eigene: 'SV-M-101',
}

const answering = (answer: InvitationFormState) =>
  jest.fn<Promise<InvitationFormState>, Parameters<Action>>(async () => answer)

function renderForm(change: Partial<InvitationFormProps> = {}, locale: 'de' | 'en' = 'de') {
  const messages = locale === 'de' ? de : en
  const props: InvitationFormProps = {
    action: answering({ ok: true, sentTo: 'greta@example.org' }),
    reloadCaptcha: jest.fn(async () => null),
    tenant: 'demo',
    tool: null,
    texts: textsOf(messages as typeof de),
    ...change,
  }
  render(
    <NextIntlClientProvider locale={locale} messages={messages} timeZone="Europe/Berlin">
      <InvitationForm {...props} />
    </NextIntlClientProvider>,
  )
  return props
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement

async function send(name = 'Einladung versenden') {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }))
  })
}

describe('InvitationForm', () => {
  it('asks for the conversation with the portal radio choices, on site preselected', () => {
    renderForm()
    const group = screen.getByRole('group', { name: 'Gespräch' })
    const onSite = screen.getByRole('radio', { name: 'Vor Ort' })
    const phone = screen.getByRole('radio', { name: 'Am Telefon' })
    expect(group).toContainElement(onSite)
    expect(onSite).toBeChecked()
    expect(phone).not.toBeChecked()
    // The portal's shared choice style (app/globals.css .field--radio), a label beside each box.
    expect(onSite.parentElement).toHaveClass('field', 'field--radio')
    expect(phone.parentElement).toHaveClass('field', 'field--radio')
    // The browser's own bubbles are off: the form says it itself.
    expect(screen.getByRole('form', { name: 'Kundin oder Kunden einladen' })).toHaveAttribute('novalidate')
  })

  it('shows the SPEC messages on an empty submit, linked to their fields, and sends nothing', async () => {
    const props = renderForm()
    await send()
    expect(await screen.findByText('Vorname ist ein Pflichtfeld')).toBeInTheDocument()
    expect(screen.getByText('Nachname ist ein Pflichtfeld')).toBeInTheDocument()
    expect(screen.getByText('E-Mail-Adresse ist ein Pflichtfeld')).toBeInTheDocument()
    expect(screen.getByText('Mitarbeiternummer ist ein Pflichtfeld')).toBeInTheDocument()
    expect(field('Vorname')).toHaveAttribute('aria-invalid', 'true')
    expect(field('Vorname')).toHaveAccessibleDescription('Vorname ist ein Pflichtfeld')
    expect(field('Mitarbeiternummer')).toHaveAccessibleDescription('Mitarbeiternummer ist ein Pflichtfeld')
    // The first field in error takes the focus.
    expect(field('Vorname')).toHaveFocus()
    expect(props.action).not.toHaveBeenCalled()
  })

  it('checks the e-mail address, the number and the characters of the names', async () => {
    const props = renderForm()
    fireEvent.change(field('Vorname'), { target: { value: 'Otto\u202e' } })
    fireEvent.change(field('Nachname'), { target: { value: 'Haas' } })
    fireEvent.change(field('E-Mail-Adresse'), { target: { value: 'otto@' } })
    fireEvent.change(field('Mitarbeiternummer'), { target: { value: 'SV M 101' } })
    await send()
    expect(await screen.findByText('Dies ist keine gültige E-Mail-Adresse.')).toBeInTheDocument()
    expect(
      screen.getByText(
        'Bitte geben Sie eine Mitarbeiternummer aus Buchstaben, Ziffern und Bindestrichen ein (höchstens 20 Zeichen).',
      ),
    ).toBeInTheDocument()
    expect(
      screen.getByText(
        'Vorname enthält Zeichen, die nicht erlaubt sind (z. B. Zeilenumbrüche oder Steuerzeichen).',
      ),
    ).toBeInTheDocument()
    expect(props.action).not.toHaveBeenCalled()
  })

  it('sends a valid invitation, then starts empty with the outcome above it', async () => {
    const props = renderForm({ action: answering({ ok: true, sentTo: 'otto@example.org' }) })
    fireEvent.click(screen.getByRole('radio', { name: 'Am Telefon' }))
    fireEvent.change(field('Vorname'), { target: { value: 'Otto' } })
    fireEvent.change(field('Nachname'), { target: { value: 'Haas' } })
    fireEvent.change(field('E-Mail-Adresse'), { target: { value: 'otto@example.org' } })
    fireEvent.change(field('Mitarbeiternummer'), { target: { value: 'SV-M-101' } })
    await send()
    await waitFor(() => expect(props.action).toHaveBeenCalledTimes(1))
    expect(Object.fromEntries(jest.mocked(props.action).mock.calls[0]![1])).toEqual({
      tenant: 'demo',
      art: 'Telefon',
      vorname: 'Otto',
      nachname: 'Haas',
      email: 'otto@example.org',
      nummer: 'SV-M-101',
    })
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Die Einladung an otto@example.org ist versendet.',
    )
    await waitFor(() => expect(field('Vorname')).toHaveValue(''))
    expect(field('E-Mail-Adresse')).toHaveValue('')
    expect(screen.getByRole('radio', { name: 'Vor Ort' })).toBeChecked()
  })

  it('keeps what was typed when the server refuses', async () => {
    renderForm({ action: answering({ error: 'MitarbeiternummerUnbekannt' }) })
    fireEvent.change(field('Vorname'), { target: { value: 'Otto' } })
    fireEvent.change(field('Nachname'), { target: { value: 'Haas' } })
    fireEvent.change(field('E-Mail-Adresse'), { target: { value: 'otto@example.org' } })
    fireEvent.change(field('Mitarbeiternummer'), { target: { value: 'SV-X-999' } })
    await send()
    expect(await screen.findByRole('alert')).toHaveTextContent(de.Errors.MitarbeiternummerUnbekannt)
    expect(field('E-Mail-Adresse')).toHaveValue('otto@example.org')
    expect(field('Mitarbeiternummer')).toHaveValue('SV-X-999')
  })

  it('offers the agency area numbers in a select, the own one preselected', async () => {
    const props = renderForm({ tool: TOOL })
    expect(field('Mitarbeiternummer')).toHaveValue('SV-M-101')
    expect(screen.getByRole('option', { name: 'SV-M-101 (Ihre Nummer)' })).toBeInTheDocument()
    await send()
    expect(await screen.findByText('Vorname ist ein Pflichtfeld')).toBeInTheDocument()
    expect(screen.queryByText('Mitarbeiternummer ist ein Pflichtfeld')).not.toBeInTheDocument()
    expect(props.action).not.toHaveBeenCalled()
  })

  it('says it in English', async () => {
    renderForm({}, 'en')
    await send('Send invitation')
    expect(await screen.findByText('First name is a required field')).toBeInTheDocument()
    expect(screen.getByText('Email address is a required field')).toBeInTheDocument()
    expect(screen.getByRole('radio', { name: 'By phone' })).not.toBeChecked()
  })
})
