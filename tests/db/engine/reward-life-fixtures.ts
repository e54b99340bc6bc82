import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { desc, eq } from 'drizzle-orm'
import { getDb } from '@/lib/engine/db'
import { mailOutbox, orders, recipients, rewards } from '@/lib/db/schema'
import { createRecommendationRequestSchema } from '@/lib/contracts/recommendation'
import type { OrderReport } from '@/lib/contracts/praemierung'
import { recipientDataSchema } from '@/lib/contracts/recipient'
import { ApiError } from '@/lib/shared/errors'
import { germanToday } from '@/lib/shared/catalog/reward-periods'
import { issueToken, readToken, type TokenClaims } from '@/lib/engine/auth/token'
import type { Clock } from '@/lib/engine/clock'
import { createRecipient } from '@/lib/engine/recipients/create-recipient'
import { createRecommendation } from '@/lib/engine/recommendations/create-recommendation'
import { reportOrders } from '@/lib/engine/rewards/report-orders'
import { runRewardJobs } from '@/lib/engine/rewards/reward-jobs'
import { getTenantOrThrow } from '@/lib/engine/tenants/get-tenant-or-throw'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import { cleanUpAfterAll, createReferrer, uniqueEmail } from '../support/referrers'

// What the reward life tests (reward-life, reward-bonus-and-payouts) share: a moved clock, referrers with
// a shareable recommendation and a confirmed friend, and reading back rewards and mails.

/** The demo tenant, read once the file's tests start (registerRewardLifeHooks). */
export let demo: Tenant
let referrerIds: string[] = []

/** Call at the top of a test file: reads the demo tenant before its tests, cleans up after them. */
export function registerRewardLifeHooks() {
  beforeAll(async () => {
    demo = await getTenantOrThrow('demo')
  })
  referrerIds = cleanUpAfterAll()
}

export const DAY = 86_400_000
// The demo catalogue's reward periods are laid around the day the database was seeded (today).
export const T0 = new Date(Math.floor(Date.now() / 1000) * 1000)
export const at =
  (offsetDays: number, offsetMs = 0): Clock =>
  () =>
    new Date(T0.getTime() + offsetDays * DAY + offsetMs)
/** The German calendar day of a clock's time, as the engine counts order dates and periods. */
export const isoDay = (clock: Clock) => germanToday(clock())
export const IBAN = 'DE89370400440532013000'
export const XSD = readFileSync(path.resolve('tests/support/xsd/pain.001.001.09.xsd'), 'utf8')

export type Referrer = { id: string; email: string; claims: TokenClaims }

export async function referrer(): Promise<Referrer> {
  const row = await createReferrer(await getDb(), 'demo')
  referrerIds.push(row.id)
  const claims = readToken(
    issueToken({ ten: 'demo', sub: row.id, role: 'referrer', sv: 1 }, { clock: at(0) }),
    at(0),
  )!
  return { id: row.id, email: row.email, claims }
}

/** A shareable recommendation of the referrer and a confirmed recipient of it; answers the numbers. */
export async function referral(who: Referrer, options: { produkt?: number; anteil?: 100 | 50 | 0 } = {}) {
  const body = createRecommendationRequestSchema.parse({
    Empfehlung: {
      Produkt: options.produkt ?? 462,
      AgbText: 'Ich akzeptiere.',
      AnteilEmpfehler: options.anteil ?? 50,
    },
    Empfehler: { Vorname: 'Jest', Nachname: 'Fixture', Email: who.email },
  })
  const { Empfehlungsnummer } = await createRecommendation(demo, body, {
    locale: 'de',
    ip: null,
    auth: who.claims,
    clock: at(0),
  })
  const friend = recipientDataSchema.parse({
    anrede: 'Frau',
    vorname: 'Frieda',
    name: `Freundin-${randomUUID().slice(0, 8)}`,
    geburtsdatum: '1990-05-17',
    email: uniqueEmail('friend'),
    telefon: `0160 ${Math.floor(Math.random() * 1e8)}`,
    werbeeinwilligung: false,
    adresse: {
      strasse: 'Lindenweg',
      hausnummer: String(1 + Math.floor(Math.random() * 900)),
      plz: '50667',
      ort: 'Köln',
    },
  })
  const { Empfaengernummer } = await createRecipient(demo, Empfehlungsnummer, friend, {
    locale: 'de',
    clock: at(1),
  })
  const db = await getDb()
  const [row] = await db
    .update(recipients)
    .set({ confirmedAt: at(1)() })
    .where(eq(recipients.empfaengernummer, Empfaengernummer))
    .returning()
  const recipientClaims = readToken(
    issueToken({ ten: 'demo', sub: row!.id, role: 'recipient' }, { clock: at(1) }),
    at(1),
  )!
  return {
    nr: Empfehlungsnummer,
    empfaengernummer: Empfaengernummer,
    friendEmail: friend.email,
    recipientClaims,
  }
}

export const orderNo = () => `A-${randomUUID().slice(0, 13)}`

export async function rewardsOfOrder(auftragsnummer: string) {
  const db = await getDb()
  return db
    .select({ reward: rewards })
    .from(rewards)
    .innerJoin(orders, eq(orders.id, rewards.orderId))
    .where(eq(orders.auftragsnummer, auftragsnummer))
    .then((rows) => rows.map((r) => r.reward))
}

export async function mailsTo(email: string, template?: string) {
  const db = await getDb()
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.recipient, email))
    .orderBy(desc(mailOutbox.createdAt))
  return template ? rows.filter((m) => m.template === template) : rows
}

export const tokenIn = (text: string) => text.match(/[?&]token=([A-Za-z0-9_-]+)/)?.[1] ?? null

export async function expectCode(promise: Promise<unknown>, code: string) {
  await expect(promise).rejects.toBeInstanceOf(ApiError)
  await promise.catch((error: ApiError) => expect(error.code).toBe(code))
}

/** The report of an order of a product (462) placed on a day (1) for the friend, in the status given. */
export const orderReport = (
  Auftragsnummer: string,
  Empfaengernummer: string,
  Status: OrderReport['Status'],
  { day = 1, produkt = 462 }: { day?: number; produkt?: number } = {},
): OrderReport => ({
  Auftragsnummer,
  Empfaengernummer,
  ProduktId: produkt,
  Auftragsdatum: isoDay(at(day)),
  Status,
})

/**
 * A referrer of their own with a ready reward: a recommendation of product 462 whose reward is all
 * theirs, its order paid on day 1, and the complaint period over by the reward jobs of day 32.
 */
export async function readyReward() {
  const who = await referrer()
  const { empfaengernummer } = await referral(who, { anteil: 100 })
  const no = orderNo()
  await reportOrders(demo, [orderReport(no, empfaengernummer, 'Gezahlt')], at(1))
  await runRewardJobs(at(32)(), 'demo')
  const [reward] = await rewardsOfOrder(no)
  return { referrer: who, empfaengernummer, no, reward }
}
