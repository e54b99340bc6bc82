import { randomUUID } from 'node:crypto'
import { confirmRecipientResponseSchema, createdRecipientSchema } from '@/lib/contracts/recipient'
import { germanToday } from '@/lib/shared/catalog/reward-periods'
import { call, uniqueClientIp } from './http'
import { portalPath, type Tenant } from './accounts'
import { linkFrom, linksOf, uniqueTestEmail, waitForMail } from './mailbox'
import type { Shared } from './recommendations'
import { TEST_OPERATOR_API_KEY } from './test-server'

/** Rewards over HTTP: a confirmed friend of a recommendation, moving it into the past, order reports. */

const CONFIRM_SUBJECT = /^Bitte bestätigen Sie Ihre Daten|^Please confirm your details/

export type Friend = { empfaengernummer: string; email: string; token: string }

/** A friend who entered data through the recommendation and confirmed them by the mailed link. */
export async function confirmedFriend(shared: Shared, tenant: Tenant = 'demo'): Promise<Friend> {
  const unique = randomUUID().slice(0, 8)
  const email = uniqueTestEmail('freund')
  const created = await call(`/api/v1/${tenant}/empfaenger/create/${shared.nr}`, {
    method: 'POST',
    headers: uniqueClientIp(),
    body: {
      anrede: 'Herr',
      vorname: 'Felix',
      name: `Freund-${unique}`,
      geburtsdatum: '1988-03-09',
      email,
      telefon: `+49 160 ${Math.floor(1e6 + Math.random() * 8e6)}${unique.slice(0, 2).replace(/\D/g, '1')}`,
      werbeeinwilligung: false,
      adresse: { strasse: 'Birkenallee', hausnummer: unique.slice(0, 4), plz: '04109', ort: 'Leipzig' },
    },
  })
  if (created.status !== 200) throw new Error(`recipient not created: ${created.text}`)
  const { Empfaengernummer } = createdRecipientSchema.parse(created.json)
  const mail = await waitForMail(tenant, email, { subject: CONFIRM_SUBJECT })
  const confirmed = await call(`/api/v1/${tenant}/empfaenger/bestaetigen`, {
    method: 'PUT',
    body: { Token: linkFrom(mail, portalPath(tenant, 'empfaengerbestaetigung')) },
  })
  return { empfaengernummer: Empfaengernummer, email, token: confirmConsent(confirmed.json) }
}

function confirmConsent(json: unknown): string {
  return confirmRecipientResponseSchema.parse(json).Token
}

/** Moves the recommendation and its friends `days` into the past (dev tool of the test server). */
export async function backdate(tenant: Tenant, nr: string, days: number) {
  const response = await call(`/api/dev/zurueckdatieren/${tenant}/${nr}?tage=${days}`, { method: 'PUT' })
  if (response.status !== 200) throw new Error(`backdating failed: ${response.status}`)
}

/** The German calendar day `days` before today, as the engine counts order dates. */
export function daysAgo(days: number): string {
  return germanToday(new Date(Date.now() - days * 86_400_000))
}

export function orderNumber(): string {
  return `T-${randomUUID().slice(0, 18)}`
}

/** Order reports as the provider sends them (its key, or the operator's). */
export function reportOrders(tenant: Tenant, auftraege: unknown[], key: string = TEST_OPERATOR_API_KEY) {
  return call(`/api/v1/${tenant}/auftraege`, {
    method: 'POST',
    token: key,
    body: { Auftraege: auftraege },
    withoutRequestedWith: true,
  })
}

/**
 * The friend's order on a demo recommendation, past the complaint period: the recommendation moves 40
 * days back and the order is reported (paid, unless told otherwise) 35 days ago. Answers its number.
 */
export async function orderLongAgo(
  shared: Shared,
  friend: Friend,
  options: { produkt?: number; status?: 'Gezahlt' | 'Offen' | 'Storniert' } = {},
): Promise<string> {
  await backdate('demo', shared.nr, 40)
  const nummer = orderNumber()
  const reported = await reportOrders('demo', [
    {
      Auftragsnummer: nummer,
      Empfaengernummer: friend.empfaengernummer,
      ProduktId: options.produkt ?? 462,
      Auftragsdatum: daysAgo(35),
      Status: options.status ?? 'Gezahlt',
    },
  ])
  if (reported.status !== 200) throw new Error(`order report answered ${reported.status}: ${reported.text}`)
  return nummer
}

/** Makes the friend's reward on a demo recommendation ready (orderLongAgo). Answers the mailed reward link. */
export async function readyRewardOf(shared: Shared, friend: Friend) {
  await orderLongAgo(shared, friend)
  return rewardLinkOf('demo', shared.email)
}

/** The reward link (/praemie/{id}?token=…) of the newest reward mail to the address. */
export async function rewardLinkOf(tenant: Tenant, email: string, subject = /Prämie|Bankdaten/) {
  const mail = await waitForMail(tenant, email, { subject })
  const prefix = portalPath(tenant, 'praemie')
  const url = linksOf(mail).find((u) => u.pathname.startsWith(`${prefix}/`) && u.searchParams.has('token'))
  if (!url) throw new Error(`no reward link in "${mail.Betreff}"`)
  return { id: url.pathname.slice(prefix.length + 1), token: url.searchParams.get('token')!, mail }
}
