import { randomUUID } from 'node:crypto'
import { expect, type APIRequestContext, type Page } from '@playwright/test'
import { freshEmail, linkIn, waitForMail } from './accounts-support'
import { E2E_OPERATOR_API_KEY } from './server-env.mjs'

// A friend who follows a demo recommendation, and the provider's order report, through the main API:
// for the browser tests of what the referrer and the agency see afterwards.

const XRW = { 'X-Requested-With': 'XMLHttpRequest' }
const OPERATOR = { Authorization: `Bearer ${E2E_OPERATOR_API_KEY}` }

export type SharedRecommendation = { nr: string; link: string; code: string; referrerEmail: string }

/**
 * A new referrer's shareable recommendation through the main API and the opt-in mail: its number, the
 * path of its personal link, its code and the referrer's e-mail.
 */
export async function sharedRecommendation(
  request: APIRequestContext,
  options: { produkt?: number; anteil?: number; names?: [string, string]; label?: string } = {},
): Promise<SharedRecommendation> {
  const referrerEmail = freshEmail(options.label ?? 'empfiehlt')
  const [Vorname, Nachname] = options.names ?? ['Jana', 'Landung']
  const created = await request.post('/api/v1/demo/Empfehlen/create', {
    headers: XRW,
    data: {
      Empfehlung: {
        Produkt: options.produkt ?? 462,
        AgbText: 'Ich akzeptiere die Teilnahmebedingungen.',
        AnteilEmpfehler: options.anteil ?? 50,
      },
      Empfehler: { Vorname, Nachname, Email: referrerEmail },
    },
  })
  expect(created.status()).toBe(409)
  const mail = await waitForMail(request, referrerEmail, /^Bitte bestätigen Sie Ihre Empfehlung/)
  const token = new URL(linkIn(mail.Text, '/demo/bestaetigung'), 'http://x').searchParams.get('token')
  const confirmed = await request.put('/api/v1/demo/empfehler/teilnahme', {
    headers: XRW,
    data: { Token: token },
  })
  const { User, Empfehlungsnummer } = (await confirmed.json()) as {
    User: { token: string }
    Empfehlungsnummer: string
  }
  const own = await request.get(`/api/v1/demo/empfehlen/${Empfehlungsnummer}`, {
    headers: { Authorization: `Bearer ${User.token}` },
  })
  const { Link, Code } = (await own.json()) as { Link: string; Code: string }
  return { nr: Empfehlungsnummer, link: new URL(Link).pathname, code: Code, referrerEmail }
}

/** A friend enters data through the link and confirms them by the mailed link; answers their number. */
export async function friendFollows(request: APIRequestContext, nr: string) {
  const email = freshEmail('freundin')
  const unique = randomUUID().slice(0, 6)
  const created = await request.post(`/api/v1/demo/empfaenger/create/${nr}`, {
    headers: { ...XRW, 'X-Forwarded-For': `2001:db8::${unique.slice(0, 4)}` },
    data: {
      anrede: 'Frau',
      vorname: 'Fiona',
      name: `Freundin-${unique}`,
      geburtsdatum: '1991-02-03',
      email,
      telefon: `+49 170 ${Math.floor(1e6 + Math.random() * 8e6)}`,
      werbeeinwilligung: false,
      adresse: { strasse: 'Ulmenweg', hausnummer: unique.slice(0, 3), plz: '28195', ort: 'Bremen' },
    },
  })
  expect(created.status()).toBe(200)
  const { Empfaengernummer } = (await created.json()) as { Empfaengernummer: string }
  const mail = await waitForMail(request, email, /^Bitte bestätigen Sie Ihre Daten/)
  const token = new URL(linkIn(mail.Text, '/demo/empfaengerbestaetigung'), 'http://x').searchParams.get(
    'token',
  )
  const confirmed = await request.put('/api/v1/demo/empfaenger/bestaetigen', {
    headers: XRW,
    data: { Token: token },
  })
  expect(confirmed.status()).toBe(200)
  return { empfaengernummer: Empfaengernummer, email }
}

/** The provider reports one order (operator key); it must not be refused. */
export async function report(request: APIRequestContext, order: Record<string, unknown>) {
  const answer = await request.post('/api/v1/demo/auftraege', {
    headers: OPERATOR,
    data: { Auftraege: [order] },
  })
  expect(answer.status()).toBe(200)
  const { Ergebnisse } = (await answer.json()) as { Ergebnisse: { Ergebnis: string }[] }
  expect(Ergebnisse[0]!.Ergebnis).not.toBe('Abgelehnt')
}

/** On the saved data form: the confirmation mail to a corrected address, and the page saying so. */
export async function sendToCorrectedAddress(page: Page, email: string) {
  await page.getByText('E-Mail-Adresse falsch eingegeben? Adresse ändern').click()
  await page.getByLabel('Richtige E-Mail-Adresse').fill(email)
  await page.getByRole('button', { name: 'An diese Adresse senden' }).click()
  await expect(
    page.getByRole('status').filter({ hasText: `Wir haben die E-Mail erneut an ${email} gesendet.` }),
  ).toBeVisible()
}
