import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { getDb } from '@/lib/engine/db'
import {
  mailOutbox,
  recipientBankAccounts,
  recipientConsents,
  recipients,
  recommendations,
  recommendationVisits,
} from '@/lib/db/schema'
import { decryptField, deriveFieldKey } from '@/lib/engine/crypto/field-encryption'
import { env } from '@/lib/shared/env'
import { saveRecipientBankData } from '@/lib/engine/recipients/recipient-bank-data'
import { createRecommendationRequestSchema } from '@/lib/contracts/recommendation'
import { recipientDataSchema } from '@/lib/contracts/recipient'
import { issueToken, readToken } from '@/lib/engine/auth/token'
import type { Clock } from '@/lib/engine/clock'
import { hourSlot, runOnce } from '@/lib/engine/jobs/run-once'
import { createRecommendation } from '@/lib/engine/recommendations/create-recommendation'
import { listRecommendations } from '@/lib/engine/recommendations/list-recommendations'
import { createRecipient } from '@/lib/engine/recipients/create-recipient'
import {
  deleteUnconfirmedRecipients,
  deleteUnconfirmedRecipientsOnce,
} from '@/lib/engine/recipients/delete-unconfirmed'
import { getTenantOrThrow } from '@/lib/engine/tenants/get-tenant-or-throw'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import { cleanUpAfterAll, createReferrer, uniqueEmail } from '../support/referrers'

// The 12-week retention of unconfirmed recipient data with an injected clock, run once across servers.

let demo: Tenant
const referrerIds = cleanUpAfterAll()
const WEEK = 7 * 86_400_000
const at =
  (iso: string): Clock =>
  () =>
    new Date(iso)
const shift =
  (clock: Clock, ms: number): Clock =>
  () =>
    new Date(clock().getTime() + ms)

async function recommendation(clock: Clock) {
  const referrer = await createReferrer(await getDb(), 'demo')
  referrerIds.push(referrer.id)
  const auth = readToken(
    issueToken({ ten: 'demo', sub: referrer.id, role: 'referrer', sv: 1 }, { clock }),
    clock,
  )!
  const body = createRecommendationRequestSchema.parse({
    Empfehlung: { Produkt: 462, AgbText: 'Ich akzeptiere.', AnteilEmpfehler: 100 },
    Empfehler: { Vorname: 'R', Nachname: 'F', Email: referrer.email },
  })
  return (await createRecommendation(demo, body, { locale: 'de', ip: null, auth, clock })).Empfehlungsnummer
}

function person(label: string) {
  return recipientDataSchema.parse({
    anrede: 'Herr',
    vorname: 'Theo',
    // Names and addresses of their own: the database may hold earlier runs' recipients.
    name: `Tester-${label}-${randomUUID().slice(0, 8)}`,
    geburtsdatum: '1985-01-31',
    email: uniqueEmail(label),
    telefon: `0151 ${Math.floor(Math.random() * 1e8)}`,
    werbeeinwilligung: true,
    werbeeinwilligungText: 'Ja, gerne Angebote.',
    adresse: { strasse: 'Am Hang', hausnummer: label.length.toString(), plz: '20095', ort: 'Hamburg' },
  })
}

beforeAll(async () => {
  demo = await getTenantOrThrow('demo')
})

it('deletes unconfirmed recipient data after 12 weeks with its mails and consents; confirmed data stays', async () => {
  const created = at('2026-12-10T09:00:00Z')
  const nr = await recommendation(created)
  const db = await getDb()
  const stale = person('stale')
  const kept = person('kept-longer')
  const { Empfaengernummer: staleNr } = await createRecipient(demo, nr, stale, {
    locale: 'de',
    clock: created,
  })
  const { Empfaengernummer: keptNr } = await createRecipient(demo, nr, kept, { locale: 'de', clock: created })
  await db.update(recipients).set({ confirmedAt: created() }).where(eq(recipients.empfaengernummer, keptNr))
  const [staleRow] = await db.select().from(recipients).where(eq(recipients.empfaengernummer, staleNr))
  expect(
    await db.select().from(recipientConsents).where(eq(recipientConsents.recipientId, staleRow!.id)),
  ).toHaveLength(1)
  expect(await db.select().from(mailOutbox).where(eq(mailOutbox.recipient, stale.email))).not.toHaveLength(0)

  // One second before the 12 weeks are up nothing goes.
  await deleteUnconfirmedRecipients(db, shift(created, 12 * WEEK - 1000)())
  expect(await db.select().from(recipients).where(eq(recipients.empfaengernummer, staleNr))).toHaveLength(1)

  const due = shift(created, 12 * WEEK + 1000)()
  const first = await deleteUnconfirmedRecipients(db, due)
  expect(first.demo).toBeGreaterThanOrEqual(1)
  expect(await db.select().from(recipients).where(eq(recipients.empfaengernummer, staleNr))).toEqual([])
  expect(
    await db.select().from(recipientConsents).where(eq(recipientConsents.recipientId, staleRow!.id)),
  ).toEqual([])
  expect(await db.select().from(mailOutbox).where(eq(mailOutbox.recipient, stale.email))).toEqual([])
  expect(await db.select().from(recipients).where(eq(recipients.empfaengernummer, keptNr))).toHaveLength(1)

  // Idempotent: nothing more to do.
  expect(await deleteUnconfirmedRecipients(db, due)).toEqual({})
})

it("keeps the recommendation's progress (the agency reports' state) as recipients come and go", async () => {
  const created = at('2026-12-11T09:00:00Z')
  const nr = await recommendation(created)
  const db = await getDb()
  const progress = async () =>
    (await db.select().from(recommendations).where(eq(recommendations.nummer, nr)))[0]!.progress
  expect(await progress()).toBe(0)
  const { Empfaengernummer: first } = await createRecipient(demo, nr, person('lead-1'), {
    locale: 'de',
    clock: created,
  })
  expect(await progress()).toBe(1)
  const { Empfaengernummer: second } = await createRecipient(demo, nr, person('lead-2'), {
    locale: 'de',
    clock: created,
  })
  await db.delete(recipients).where(eq(recipients.empfaengernummer, first))
  expect(await progress()).toBe(1)
  // The last recipient gone (the 12-week retention), the recommendation has no lead any more.
  await db.delete(recipients).where(eq(recipients.empfaengernummer, second))
  expect(await progress()).toBe(0)
})

it('shows the referrer how far the friend came: link opened, data entered, confirmed, on to the order', async () => {
  const now: Clock = () => new Date()
  const referrer = await createReferrer(await getDb(), 'demo')
  referrerIds.push(referrer.id)
  const auth = readToken(issueToken({ ten: 'demo', sub: referrer.id, role: 'referrer', sv: 1 }))!
  const body = createRecommendationRequestSchema.parse({
    Empfehlung: { Produkt: 462, AgbText: 'Ich akzeptiere.', AnteilEmpfehler: 100 },
    Empfehler: { Vorname: 'R', Nachname: 'F', Email: referrer.email },
  })
  const { Empfehlungsnummer: nr } = await createRecommendation(demo, body, { locale: 'de', ip: null, auth })
  const db = await getDb()
  const [row] = await db.select().from(recommendations).where(eq(recommendations.nummer, nr))
  const shown = async () => {
    const [mine] = await listRecommendations(demo, auth)
    return { text: mine!.Statusleiste!.Text, reacted: mine!.Reagiert }
  }
  const visit = (kind: string) =>
    db.insert(recommendationVisits).values({
      recommendationId: row!.id,
      kind,
      visitorKey: randomUUID(),
      day: new Date().toISOString().slice(0, 10),
      createdAt: new Date(),
    })
  expect(await shown()).toEqual({ text: 'nichtReagiert', reacted: false })
  await visit('landing')
  expect(await shown()).toEqual({ text: 'linkGeoeffnet', reacted: false })
  const { Empfaengernummer } = await createRecipient(demo, nr, person('progress'), {
    locale: 'de',
    clock: now,
  })
  expect(await shown()).toEqual({ text: 'datenEingegeben', reacted: true })
  await db
    .update(recipients)
    .set({ confirmedAt: now() })
    .where(eq(recipients.empfaengernummer, Empfaengernummer))
  expect(await shown()).toEqual({ text: 'datenBestaetigt', reacted: true })
  await visit('produktlink')
  expect(await shown()).toEqual({ text: 'zurBestellung', reacted: true })
})

it('runs once per slot across servers, also when two start at the same moment', async () => {
  const db = await getDb()
  // A slot of its own (the database may be shared by several test runs): some hour in a far year.
  const year = 3000 + Math.floor(Math.random() * 5000)
  const now = new Date(Date.UTC(year, 0, 1, 10, 15))
  const runs = await Promise.all([
    deleteUnconfirmedRecipientsOnce(db, now),
    deleteUnconfirmedRecipientsOnce(db, new Date(Date.UTC(year, 0, 1, 10, 45))),
  ])
  expect(runs.filter((r) => r !== null)).toHaveLength(1)
  // The next hour is a new slot.
  expect(hourSlot(new Date(Date.UTC(year, 0, 1, 11)))).toBe(`${year}-01-01T11`)
  const job = `test-${randomUUID()}`
  expect(await runOnce(db, job, 'slot', now, async () => 'ran')).toBe('ran')
  expect(await runOnce(db, job, 'slot', now, async () => 'again')).toBeNull()
})

it('keeps bank data encrypted, bound to its recipient, and accepts only German IBANs under ModuleIBANNurDE', async () => {
  const clock = at('2026-12-12T09:00:00Z')
  const nr = await recommendation(clock)
  const { Empfaengernummer } = await createRecipient(demo, nr, person('bank'), { locale: 'de', clock })
  const db = await getDb()
  const [row] = await db
    .update(recipients)
    .set({ confirmedAt: clock() })
    .where(eq(recipients.empfaengernummer, Empfaengernummer))
    .returning()
  const claims = readToken(issueToken({ ten: 'demo', sub: row!.id, role: 'recipient' }))!
  const germanOnly: Tenant = { ...demo, settings: { ...demo.settings, ModuleIBANNurDE: true } }
  await expect(
    saveRecipientBankData(germanOnly, claims, { IBAN: 'AT611904300234573201', Kontoinhaber: 'Theo Tester' }),
  ).rejects.toMatchObject({ code: 'IbanNichtDeutsch' })
  const saved = await saveRecipientBankData(germanOnly, claims, {
    IBAN: 'DE89370400440532013000',
    Kontoinhaber: 'Theo Tester',
  })
  expect(saved.IBAN).toBe('DE89 •••• •••• •••• ••30 00')
  const [stored] = await db
    .select()
    .from(recipientBankAccounts)
    .where(eq(recipientBankAccounts.recipientId, row!.id))
  expect(JSON.stringify(stored)).not.toContain('370400440532013000')
  expect(JSON.stringify(stored)).not.toContain('Theo')
  const key = deriveFieldKey(env().FIELD_ENCRYPTION_SECRET, 'bankdata')
  expect(decryptField(stored!.ibanEncrypted, key, `demo:${row!.id}:iban`)).toBe('DE89370400440532013000')
  // Copied to another row it does not decrypt.
  expect(() => decryptField(stored!.ibanEncrypted, key, `demo:${randomUUID()}:iban`)).toThrow()
})
