import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import de from '@/messages/de.json'
import en from '@/messages/en.json'
import type { FormState } from '@/lib/portal/form-state'
import { ContactForm, type ContactFormProps } from './contact-form'

type Action = ContactFormProps['action']

const SUCCESS = 'Ihre Anfrage ist bei uns eingegangen. Vielen Dank.'
const CHALLENGE = {
  CaptchaId: '0b7f4a8e-3c1d-4e2f-9a6b-5c4d3e2f1a0b',
  Bild: 'data:image/png;base64,iVBORw0KGgo=',
}

const actionAnswering = (answer: FormState) =>
  jest.fn<Promise<FormState>, Parameters<Action>>(async () => answer)

function renderForm(change: Partial<ContactFormProps> = {}, locale: 'de' | 'en' = 'de') {
  const props: ContactFormProps = {
    action: actionAnswering({ ok: true }),
    reloadCaptcha: jest.fn(async () => null),
    tenant: 'demo',
    privacyHref: '/demo/datenschutz',
    supportEmail: 'empfehlen@lumenta.example',
    account: null,
    ...change,
  }
  render(
    <NextIntlClientProvider locale={locale} messages={locale === 'de' ? de : en} timeZone="Europe/Berlin">
      <ContactForm {...props} />
    </NextIntlClientProvider>,
  )
  return props
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement
const consent = () => screen.getByRole('checkbox', { name: /^Ich habe die Datenschutzhinweise gelesen/ })
const submit = () => screen.getByRole('button', { name: 'Nachricht senden' })

function fillIn() {
  fireEvent.change(field('Name'), { target: { value: 'Erika Probe' } })
  fireEvent.change(field('E-Mail-Adresse'), { target: { value: 'erika.probe@example.org' } })
  fireEvent.change(field('Betreff'), { target: { value: 'Frage zur Prämie' } })
  fireEvent.change(field('Nachricht'), { target: { value: 'Wann wird meine Prämie ausgezahlt?' } })
  fireEvent.click(consent())
}

async function send() {
  await act(async () => {
    fireEvent.click(submit())
  })
}

describe('ContactForm', () => {
  it('labels every field and links the privacy notice', () => {
    renderForm()
    expect(field('Name')).toHaveAttribute('autocomplete', 'name')
    expect(field('E-Mail-Adresse')).toHaveAttribute('type', 'email')
    expect(field('Betreff')).toHaveAttribute('id', 'contact-betreff')
    expect(field('Nachricht').tagName).toBe('TEXTAREA')
    expect(field('Nachricht')).toHaveAccessibleDescription('Mindestens 10 und höchstens 5.000 Zeichen.')
    expect(screen.getByRole('link', { name: 'Datenschutzhinweise' })).toHaveAttribute(
      'href',
      '/demo/datenschutz',
    )
    expect(screen.getByRole('status')).toBeEmptyDOMElement()
  })

  it('shows the SPEC messages on an empty submit, linked to their fields, and does not send', async () => {
    const props = renderForm()
    await send()
    expect(await screen.findByText('Name ist ein Pflichtfeld')).toBeInTheDocument()
    expect(screen.getByText('E-Mail-Adresse ist ein Pflichtfeld')).toBeInTheDocument()
    expect(screen.getByText('Betreff ist ein Pflichtfeld')).toBeInTheDocument()
    expect(screen.getByText('Nachricht ist ein Pflichtfeld')).toBeInTheDocument()
    expect(screen.getByText('Dies ist ein Pflichtfeld.')).toBeInTheDocument()
    expect(screen.getByText('Die Zustimmung ist erforderlich, um fortzufahren.')).toBeInTheDocument()
    expect(field('Name')).toHaveAttribute('aria-invalid', 'true')
    expect(field('Name')).toHaveAccessibleDescription('Name ist ein Pflichtfeld')
    expect(field('Nachricht')).toHaveAccessibleDescription(
      'Nachricht ist ein Pflichtfeld Mindestens 10 und höchstens 5.000 Zeichen.',
    )
    expect(consent()).toHaveAttribute('aria-invalid', 'true')
    expect(props.action).not.toHaveBeenCalled()
  })

  it('checks the e-mail and the lengths of the fields', async () => {
    const props = renderForm()
    fillIn()
    fireEvent.change(field('Name'), { target: { value: ' E ' } })
    fireEvent.change(field('E-Mail-Adresse'), { target: { value: 'erika@' } })
    fireEvent.change(field('Betreff'), { target: { value: 'x'.repeat(151) } })
    fireEvent.change(field('Nachricht'), { target: { value: 'Zu kurz' } })
    await send()
    expect(await screen.findByText('Dies ist keine gültige E-Mail-Adresse.')).toBeInTheDocument()
    expect(screen.getByText('Name muss mindestens 2 Zeichen lang sein.')).toBeInTheDocument()
    expect(screen.getByText('Betreff darf höchstens 150 Zeichen lang sein.')).toBeInTheDocument()
    expect(screen.getByText('Nachricht muss mindestens 10 Zeichen lang sein.')).toBeInTheDocument()
    expect(props.action).not.toHaveBeenCalled()
  })

  it('refuses control and direction characters with the field message; the message may have line breaks', async () => {
    const props = renderForm()
    fillIn()
    fireEvent.change(field('Name'), { target: { value: 'Erika \u202eeborP' } })
    fireEvent.change(field('Nachricht'), { target: { value: 'Zeile eins\nZeile zwei\u0000' } })
    await send()
    expect(
      await screen.findByText(
        'Name enthält Zeichen, die nicht erlaubt sind (z. B. Zeilenumbrüche oder Steuerzeichen).',
      ),
    ).toBeInTheDocument()
    expect(field('Nachricht')).toHaveAttribute('aria-invalid', 'true')
    expect(props.action).not.toHaveBeenCalled()

    fireEvent.change(field('Name'), { target: { value: 'Erika Probe-Müller' } })
    fireEvent.change(field('Nachricht'), { target: { value: 'Zeile eins\nZeile zwei\n\tEingerückt' } })
    await send()
    await waitFor(() => expect(props.action).toHaveBeenCalledTimes(1))
  })

  it('sends the form, shows the success in its place with what was sent, and starts over on request', async () => {
    const props = renderForm()
    fillIn()
    await send()
    await waitFor(() => expect(props.action).toHaveBeenCalledTimes(1))
    expect(Object.fromEntries(jest.mocked(props.action).mock.calls[0]![1])).toEqual({
      tenant: 'demo',
      name: 'Erika Probe',
      email: 'erika.probe@example.org',
      betreff: 'Frage zur Prämie',
      nachricht: 'Wann wird meine Prämie ausgezahlt?',
      datenschutz: 'on',
    })
    const notice = await screen.findByRole('status')
    expect(notice).toHaveTextContent(SUCCESS)
    expect(notice).toHaveTextContent('„Frage zur Prämie“')
    expect(notice).toHaveTextContent('erika.probe@example.org')
    // The success has the focus; the form waits, not emptied behind the user's back.
    await waitFor(() => expect(notice).toHaveFocus())
    expect(screen.queryByRole('button', { name: 'Nachricht senden' })).not.toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Weitere Anfrage senden' }))
    await waitFor(() => expect(field('Name')).toHaveValue(''))
    expect(field('Nachricht')).toHaveValue('')
    expect(consent()).not.toBeChecked()
  })

  it('fills in a logged-in referrer and keeps them after sending', async () => {
    const props = renderForm({ account: { name: 'Anna Beispiel', email: 'anna.beispiel@example.org' } })
    expect(field('Name')).toHaveValue('Anna Beispiel')
    expect(field('E-Mail-Adresse')).toHaveValue('anna.beispiel@example.org')
    expect(screen.getByText(/Sie sind als Anna Beispiel angemeldet/)).toBeInTheDocument()
    fireEvent.change(field('Betreff'), { target: { value: 'Frage zur Prämie' } })
    fireEvent.change(field('Nachricht'), { target: { value: 'Wann wird meine Prämie ausgezahlt?' } })
    fireEvent.click(consent())
    await send()
    await waitFor(() => expect(props.action).toHaveBeenCalledTimes(1))
    expect(await screen.findByRole('status')).toHaveTextContent(SUCCESS)
    fireEvent.click(screen.getByRole('button', { name: 'Weitere Anfrage senden' }))
    await waitFor(() => expect(field('Betreff')).toHaveValue(''))
    expect(field('Name')).toHaveValue('Anna Beispiel')
  })

  it('shows the captcha step when the server demands one, and its refusal', async () => {
    const action = jest
      .fn<Promise<FormState>, Parameters<Action>>()
      .mockResolvedValueOnce({ captcha: CHALLENGE })
      .mockResolvedValueOnce({
        error: 'CaptchaWrong',
        captcha: { ...CHALLENGE, CaptchaId: CHALLENGE.CaptchaId.replace('0b', '1c') },
      })
    renderForm({ action })
    fillIn()
    await send()
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Bitte geben Sie zum Absenden noch die Zeichen aus dem Bild ein.',
    )
    expect(screen.getByRole('img', { name: de.Captcha.imageAlt })).toBeInTheDocument()
    fireEvent.change(screen.getByLabelText(de.Captcha.label), { target: { value: 'ABCDE' } })
    await send()
    expect(await screen.findByRole('alert')).toHaveTextContent(de.Errors.CaptchaWrong)
    expect(Object.fromEntries(action.mock.calls[1]![1])).toMatchObject({
      CaptchaId: CHALLENGE.CaptchaId,
      CaptchaLoesung: 'ABCDE',
    })
    // The typed request stays for the next try.
    expect(field('Betreff')).toHaveValue('Frage zur Prämie')
  })

  it('says clearly when too many requests came from the connection', async () => {
    renderForm({ action: actionAnswering({ error: 'ZuVieleAnfragen' }) })
    fillIn()
    await send()
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Von Ihrem Anschluss sind in der letzten Stunde bereits viele Anfragen eingegangen. Bitte versuchen Sie es in einer Stunde noch einmal oder schreiben Sie uns an empfehlen@lumenta.example.',
    )
    expect(screen.getByRole('status')).toBeEmptyDOMElement()
  })

  it('speaks English', async () => {
    renderForm({}, 'en')
    expect(screen.getByLabelText('E-mail address')).toBeInTheDocument()
    expect(screen.getByLabelText('Subject')).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }))
    expect(await screen.findByText('Message is a required field')).toBeInTheDocument()
  })
})
