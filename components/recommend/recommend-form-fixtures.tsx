import { act, fireEvent, render, screen } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import de from '@/messages/de.json'
import en from '@/messages/en.json'
import type { FormState } from '@/lib/portal/form-state'
import { RecommendForm, type RecommendFormProps } from './recommend-form'

export type Action = RecommendFormProps['action']

export const PICTURE = 'data:image/png;base64,iVBORw0KGgo='
export const CHALLENGE = { CaptchaId: '0b7f4a8e-3c1d-4e2f-9a6b-5c4d3e2f1a0b', Bild: PICTURE }
export const ACCOUNT = { vorname: 'Anna', nachname: 'Beispiel', email: 'anna.beispiel@example.org' }

export const TERMS_REQUIRED = 'Dies ist ein Pflichtfeld.'
export const CONSENT_REQUIRED = 'Die Zustimmung ist erforderlich, um fortzufahren.'

export const okAction = () => jest.fn<Promise<FormState>, Parameters<Action>>(async () => ({}))

export function baseProps(): RecommendFormProps {
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

export function renderForm(change: Partial<RecommendFormProps> = {}, locale: 'de' | 'en' = 'de') {
  const props = { ...baseProps(), ...change }
  render(
    <NextIntlClientProvider locale={locale} messages={locale === 'de' ? de : en} timeZone="Europe/Berlin">
      <RecommendForm {...props} />
    </NextIntlClientProvider>,
  )
  return props
}

export const vorname = () => screen.getByLabelText('Vorname')
export const nachname = () => screen.getByLabelText('Nachname')
export const email = () => screen.getByLabelText('E-Mail-Adresse')
export const terms = () => screen.getByRole('checkbox', { name: /^Ich akzeptiere die Teilnahmebedingungen/ })
export const submit = () => screen.getByRole('button', { name: 'Empfehlung erstellen' })
export const radio = (title: string) => screen.getByRole('radio', { name: new RegExp(`^${title}`) })

/** Matches an element whose whole text is `text` once every kind of space (Intl's NBSP before €) is one space. */
export const exactText = (text: string) => (_content: string, element: Element | null) =>
  element !== null &&
  element.children.length === 0 &&
  (element.textContent ?? '').replace(/\s+/g, ' ').trim() === text

/** The account's name and e-mail shown, locked, with the sentence that says whose they are. */
export function expectAccountShownLocked() {
  expect(vorname()).toHaveValue(ACCOUNT.vorname)
  expect(nachname()).toHaveValue(ACCOUNT.nachname)
  expect(email()).toHaveValue(ACCOUNT.email)
  for (const input of [vorname(), nachname(), email()]) expect(input).toHaveAttribute('readonly')
  expect(
    screen.getByText('Sie empfehlen als Anna Beispiel. Ihre Angaben stammen aus Ihrem Konto.'),
  ).toBeInTheDocument()
}

export function fillValid(address = 'anna.beispiel@example.org') {
  fireEvent.change(vorname(), { target: { value: 'Anna' } })
  fireEvent.change(nachname(), { target: { value: 'Beispiel' } })
  fireEvent.change(email(), { target: { value: address } })
  fireEvent.click(terms())
}

export async function submitForm() {
  await act(async () => {
    fireEvent.click(submit())
  })
}
