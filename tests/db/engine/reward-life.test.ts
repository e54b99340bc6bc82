import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { validateXML } from 'xmllint-wasm'
import { and, desc, eq, inArray } from 'drizzle-orm'
import { closeDb, getDb } from '@/lib/engine/db'
import { mailOutbox, orders, recipients, rewardEvents, rewards, voucherCodes } from '@/lib/db/schema'
import { createRecommendationRequestSchema } from '@/lib/contracts/recommendation'
import { recipientDataSchema } from '@/lib/contracts/recipient'
import { ApiError } from '@/lib/shared/errors'
import { issueToken, readToken, type TokenClaims } from '@/lib/engine/auth/token'
import type { Clock } from '@/lib/engine/clock'
import { createRecipient } from '@/lib/engine/recipients/create-recipient'
import { createRecommendation } from '@/lib/engine/recommendations/create-recommendation'
import { listRecommendations } from '@/lib/engine/recommendations/list-recommendations'
import { exportPayouts } from '@/lib/engine/rewards/export-payouts'
import { markPayoutPaid } from '@/lib/engine/rewards/mark-payout-paid'
import { payoutFile } from '@/lib/engine/rewards/payout-file'
import { listPraemierungen } from '@/lib/engine/rewards/list-praemierungen'
import { pickReward } from '@/lib/engine/rewards/pick-reward'
import { praemierungDetails } from '@/lib/engine/rewards/praemierung-details'
import { reportOrders } from '@/lib/engine/rewards/report-orders'
import { runRewardJobs, runRewardJobsOnce } from '@/lib/engine/rewards/reward-jobs'
import { importVoucherCodes } from '@/lib/engine/rewards/vouchers'
import { setCustomerNumber } from '@/lib/engine/customer-numbers/set-customer-number'
import { getTenantOrThrow } from '@/lib/engine/tenants/get-tenant-or-throw'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import { createReferrer, deleteReferrer, deleteTestMails, uniqueEmail } from '../support/referrers'

// The whole life of a reward on a moved clock: recommendation → recipient → order → complaint period →
// ready mail → pick → SEPA export → paid, the voucher path, a cancellation, the bonus tier, expiry.

const DAY = 86_400_000
let demo: Tenant
const referrerIds: string[] = []
const startedAt = new Date()
// The demo catalogue's reward periods are laid around the day the database was seeded (today).
const T0 = new Date(Math.floor(Date.now() / 1000) * 1000)
const at =
  (offsetDays: number, offsetMs = 0): Clock =>
  () =>
    new Date(T0.getTime() + offsetDays * DAY + offsetMs)
const isoDay = (clock: Clock) => clock().toISOString().slice(0, 10)
const IBAN = 'DE89370400440532013000'
const XSD = readFileSync(path.resolve('tests/support/xsd/pain.001.001.09.xsd'), 'utf8')

beforeAll(async () => {
  demo = await getTenantOrThrow('demo')
})

afterAll(async () => {
  const db = await getDb()
  for (const id of referrerIds) await deleteReferrer(db, id)
  await deleteTestMails(db, startedAt)
  await closeDb()
})

type Referrer = { id: string; email: string; claims: TokenClaims }

async function referrer(): Promise<Referrer> {
  const row = await createReferrer(await getDb(), 'demo')
  referrerIds.push(row.id)
  const claims = readToken(
    issueToken({ ten: 'demo', sub: row.id, role: 'referrer', sv: 1 }, { clock: at(0) }),
    at(0),
  )!
  return { id: row.id, email: row.email, claims }
}

/** A shareable recommendation of the referrer and a confirmed recipient of it; answers the numbers. */
async function referral(who: Referrer, options: { produkt?: number; anteil?: 100 | 50 | 0 } = {}) {
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

const orderNo = () => `A-${randomUUID().slice(0, 13)}`

async function rewardsOfOrder(auftragsnummer: string) {
  const db = await getDb()
  return db
    .select({ reward: rewards })
    .from(rewards)
    .innerJoin(orders, eq(orders.id, rewards.orderId))
    .where(eq(orders.auftragsnummer, auftragsnummer))
    .then((rows) => rows.map((r) => r.reward))
}

async function mailsTo(email: string, template?: string) {
  const db = await getDb()
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.recipient, email))
    .orderBy(desc(mailOutbox.createdAt))
  return template ? rows.filter((m) => m.template === template) : rows
}

const tokenIn = (text: string) => text.match(/[?&]token=([A-Za-z0-9_-]+)/)?.[1] ?? null

async function expectCode(promise: Promise<unknown>, code: string) {
  await expect(promise).rejects.toBeInstanceOf(ApiError)
  await promise.catch((error: ApiError) => expect(error.code).toBe(code))
}

it('lives from the order to the paid transfer, with a ready mail, one pick, one export and the paid status', async () => {
  const anna = await referrer()
  const { nr, empfaengernummer, friendEmail, recipientClaims } = await referral(anna, { anteil: 50 })
  const no = orderNo()
  const report = {
    Auftragsnummer: no,
    Empfaengernummer: empfaengernummer,
    ProduktId: 462,
    Auftragsdatum: isoDay(at(2)),
    Status: 'Gezahlt' as const,
  }

  // The order comes in: two open rewards under the 50:50 share (demo caps the friend at 55 €).
  expect(await reportOrders(demo, [report], at(2))).toEqual([
    { Auftragsnummer: no, Ergebnis: 'Angelegt', Status: 'Gezahlt', Code: null },
  ])
  const open = await rewardsOfOrder(no)
  expect(open.map((r) => [r.beguenstigter, r.wertCent, r.status]).sort()).toEqual([
    ['Empfaenger', 3500, 'Offen'],
    ['Empfehler', 3500, 'Offen'],
  ])
  // Reported again: nothing changes.
  expect((await reportOrders(demo, [report], at(3)))[0]!.Ergebnis).toBe('Unveraendert')
  expect(await rewardsOfOrder(no)).toHaveLength(2)
  const before = await listRecommendations(demo, anna.claims, at(3))
  expect(before.find((r) => r.Empfehlungsnummer === nr)!.Statusleiste).toMatchObject({
    Text: 'vertragAbgeschlossen',
    Datum: isoDay(at(2)),
  })

  // The complaint period (30 days) is not over a day before its end…
  expect((await runRewardJobs(at(31)(), 'demo')).bereitgestellt).toBe(0)
  expect((await rewardsOfOrder(no)).every((r) => r.status === 'Offen')).toBe(true)
  // …and is the day after.
  expect((await runRewardJobs(at(33)(), 'demo')).bereitgestellt).toBeGreaterThanOrEqual(1)
  const ready = await rewardsOfOrder(no)
  expect(ready.every((r) => r.status === 'Bereitgestellt' && r.readyAt && r.tokenHash)).toBe(true)
  const [readyMail] = await mailsTo(anna.email, 'rewardReady')
  expect(readyMail!.subject).toMatch(/^Ihre Prämie von 35\s€ steht bereit$/)
  const anyToken = tokenIn(readyMail!.text)
  expect(anyToken).toBeTruthy()
  expect(await mailsTo(friendEmail, 'rewardReady')).toHaveLength(1)
  // Running again changes nothing and sends nothing.
  await runRewardJobs(at(33)(), 'demo')
  expect(await mailsTo(anna.email, 'rewardReady')).toHaveLength(1)

  const own = await listPraemierungen(demo, { claims: anna.claims }, at(34))
  const mine = own.Praemien.find((p) => p.Empfehlungsnummer === nr)!
  expect(mine).toMatchObject({ Status: 'Bereitgestellt', WertCent: 3500, Optionen: ['Bargeld', 'Gutschein'] })
  expect(own.Konto.BereitCent).toBeGreaterThanOrEqual(3500)
  expect(
    (await listRecommendations(demo, anna.claims, at(34))).find((r) => r.Empfehlungsnummer === nr)!
      .Statusleiste,
  ).toMatchObject({ Text: 'praemieAbholen', Aktion: 'abholen', PraemieId: mine.PraemieId })

  // Cash needs bank data; with it the reward is picked, once.
  await expectCode(
    pickReward(demo, { claims: anna.claims }, { PraemieId: mine.PraemieId, Auswahl: 'Bargeld' }, at(34)),
    'BankdatenErforderlich',
  )
  await expectCode(
    pickReward(
      demo,
      { claims: anna.claims },
      {
        PraemieId: mine.PraemieId,
        Auswahl: 'Bargeld',
        Bankdaten: { IBAN: 'DE00123', Kontoinhaber: 'Jest Fixture' },
      },
      at(34),
    ),
    'IbanUngueltig',
  )
  const picked = await pickReward(
    demo,
    { claims: anna.claims },
    { PraemieId: mine.PraemieId, Auswahl: 'Bargeld', Bankdaten: { IBAN, Kontoinhaber: 'Jest Fixture' } },
    at(34),
  )
  expect(picked).toMatchObject({
    Status: 'Bereitgestellt',
    Auswahl: 'Bargeld',
    Bankdaten: { IBAN: 'DE89 •••• •••• •••• ••30 00' },
  })
  await expectCode(
    pickReward(demo, { claims: anna.claims }, { PraemieId: mine.PraemieId, Auswahl: 'Gutschein' }, at(34)),
    'PraemieBereitsAbgeholt',
  )
  // Another referrer or the friend cannot see it; the friend's link token opens only the friend's reward.
  const other = await referrer()
  await expectCode(
    praemierungDetails(demo, { claims: other.claims }, mine.PraemieId, at(34)),
    'NichtGefunden',
  )
  await expectCode(
    praemierungDetails(demo, { claims: recipientClaims }, mine.PraemieId, at(34)),
    'NichtGefunden',
  )
  expect((await praemierungDetails(demo, { rewardToken: anyToken! }, mine.PraemieId, at(34))).PraemieId).toBe(
    mine.PraemieId,
  )

  // The SEPA export holds it exactly once; a second export does not take it again.
  const batch = await exportPayouts(demo, 'SEPA', at(35))
  const { datei } = await payoutFile(demo, batch.Id)
  expect(datei.split(`<EndToEndId>${mine.PraemieId}</EndToEndId>`)).toHaveLength(2)
  expect(datei).toContain('<IBAN>DE89370400440532013000</IBAN>')
  expect(datei).toContain('<InstdAmt Ccy="EUR">35.00</InstdAmt>')
  const again = await exportPayouts(demo, 'SEPA', at(35)).catch((e: ApiError) => e)
  if (!(again instanceof ApiError))
    expect((await payoutFile(demo, again.Id)).datei).not.toContain(mine.PraemieId)
  else expect(again.code).toBe('KeineAuszahlungen')

  // Marked paid: Ausgezahlt, the paid mail, and the personal area says so.
  await markPayoutPaid(demo, batch.Id, at(40))
  await expectCode(markPayoutPaid(demo, batch.Id, at(40)), 'AuszahlungBereitsBezahlt')
  const paid = await praemierungDetails(demo, { claims: anna.claims }, mine.PraemieId, at(41))
  expect(paid).toMatchObject({ Status: 'Ausgezahlt', AusgezahltAm: at(40)().toISOString() })
  expect(paid.Ereignisse.map((e) => e.Status)).toEqual([
    'Offen',
    'Bereitgestellt',
    'Bereitgestellt',
    'Bereitgestellt',
    'Ausgezahlt',
  ])
  expect((await mailsTo(anna.email, 'rewardPaid'))[0]!.text).toContain('DE89 •••• •••• •••• ••30 00')
  const after = (await listRecommendations(demo, anna.claims, at(41))).find(
    (r) => r.Empfehlungsnummer === nr,
  )!
  expect(after.Statusleiste).toMatchObject({ Text: 'praemieAusgezahlt' })
  expect((await listPraemierungen(demo, { claims: anna.claims }, at(41))).Konto.AusgezahltCent).toBe(3500)

  // The friend collects a voucher with the link from the mail: the pool is empty, so it waits…
  const friendToken = tokenIn((await mailsTo(friendEmail, 'rewardReady'))[0]!.text)!
  const friendReward = (await listPraemierungen(demo, { rewardToken: friendToken }, at(41))).Praemien[0]!
  const waiting = await pickReward(
    demo,
    { rewardToken: friendToken },
    { PraemieId: friendReward.PraemieId, Auswahl: 'Gutschein' },
    at(41),
  )
  expect(waiting).toMatchObject({ Status: 'Bereitgestellt', Auswahl: 'Gutschein', Gutschein: null })
  // …until the operator imports codes of its value; then it is assigned exactly once and mailed.
  const code = `JEST-${randomUUID().slice(0, 8)}`
  const imported = await importVoucherCodes(
    demo,
    [{ Code: code, WertCent: 3500, Anbieter: 'Buchhandel' }],
    at(41.5),
  )
  expect(imported).toMatchObject({ Importiert: 1, Zugeteilt: 1 })
  const collected = await praemierungDetails(
    demo,
    { rewardToken: friendToken },
    friendReward.PraemieId,
    at(42),
  )
  expect(collected).toMatchObject({ Status: 'Abgeholt', Gutschein: { Code: code, Anbieter: 'Buchhandel' } })
  const [voucherMail] = await mailsTo(friendEmail, 'rewardVoucher')
  expect(voucherMail!.text).toContain(code)
  // Importing the same code again skips it.
  expect(
    await importVoucherCodes(demo, [{ Code: code, WertCent: 3500, Anbieter: 'Buchhandel' }], at(43)),
  ).toMatchObject({
    Importiert: 0,
    Uebersprungen: 1,
  })
})

it('cancels the rewards of an order cancelled before payout, and the referrer sees no contract', async () => {
  const ben = await referrer()
  const { nr, empfaengernummer } = await referral(ben, { anteil: 100 })
  const no = orderNo()
  const report = {
    Auftragsnummer: no,
    Empfaengernummer: empfaengernummer,
    ProduktId: 462,
    Auftragsdatum: isoDay(at(2)),
  }
  await reportOrders(demo, [{ ...report, Status: 'Offen' }], at(2))
  expect((await rewardsOfOrder(no)).map((r) => [r.beguenstigter, r.wertCent, r.status])).toEqual([
    ['Empfehler', 7000, 'Offen'],
  ])
  // Completed, the period passes: ready; cancelled before anything was paid: Storniert.
  await reportOrders(demo, [{ ...report, Status: 'Gezahlt' }], at(10))
  await runRewardJobs(at(33)(), 'demo')
  expect((await rewardsOfOrder(no))[0]!.status).toBe('Bereitgestellt')
  expect(await reportOrders(demo, [{ ...report, Status: 'Storniert' }], at(34))).toEqual([
    { Auftragsnummer: no, Ergebnis: 'Aktualisiert', Status: 'Storniert', Code: null },
  ])
  const [cancelled] = await rewardsOfOrder(no)
  expect(cancelled!.status).toBe('Storniert')
  const db = await getDb()
  const events = await db.select().from(rewardEvents).where(eq(rewardEvents.rewardId, cancelled!.id))
  expect(events.map((e) => [e.fromStatus, e.toStatus])).toEqual([
    [null, 'Offen'],
    ['Offen', 'Bereitgestellt'],
    ['Bereitgestellt', 'Storniert'],
  ])
  expect(events.at(-1)!.cause).toContain(no)
  await expectCode(
    pickReward(demo, { claims: ben.claims }, { PraemieId: cancelled!.nummer, Auswahl: 'Gutschein' }, at(35)),
    'PraemieStorniert',
  )
  const [mine] = (await listRecommendations(demo, ben.claims, at(35))).filter(
    (r) => r.Empfehlungsnummer === nr,
  )
  expect(mine!.Statusleiste).toMatchObject({ Text: 'keinVertrag' })
  // A cancelled order does not come back.
  expect((await reportOrders(demo, [{ ...report, Status: 'Gezahlt' }], at(36)))[0]).toMatchObject({
    Ergebnis: 'Abgelehnt',
    Code: 'StatusNichtMoeglich',
  })
})

it('refuses orders it cannot attribute or date, and takes the reward of the product actually ordered', async () => {
  const cleo = await referrer()
  const { empfaengernummer } = await referral(cleo, { anteil: 100 })
  const base = {
    Empfaengernummer: empfaengernummer,
    ProduktId: 462,
    Auftragsdatum: isoDay(at(2)),
    Status: 'Offen' as const,
  }
  const results = await reportOrders(
    demo,
    [
      { ...base, Auftragsnummer: orderNo(), Empfaengernummer: 'UNBEKANNT' },
      { ...base, Auftragsnummer: orderNo(), Auftragsdatum: isoDay(at(-3)) },
      { ...base, Auftragsnummer: orderNo(), Auftragsdatum: isoDay(at(20)) },
      { ...base, Auftragsnummer: orderNo(), ProduktId: 999999 },
    ],
    at(5),
  )
  expect(results.map((r) => r.Code)).toEqual([
    'EmpfaengerUnbekannt',
    'AuftragsdatumUngueltig',
    'AuftragsdatumUngueltig',
    'ProduktUnbekannt',
  ])
  // The friend ordered a mobile tariff (50 € in the demo catalogue) instead of the recommended 70 € line.
  const no = orderNo()
  await reportOrders(demo, [{ ...base, Auftragsnummer: no, ProduktId: 531 }], at(5))
  expect((await rewardsOfOrder(no)).map((r) => r.wertCent)).toEqual([5000])
  // An unconfirmed recipient cannot be attributed.
  const db = await getDb()
  await db
    .update(recipients)
    .set({ confirmedAt: null })
    .where(eq(recipients.empfaengernummer, empfaengernummer))
  expect((await reportOrders(demo, [{ ...base, Auftragsnummer: orderNo() }], at(6)))[0]!.Code).toBe(
    'EmpfaengerNichtBestaetigt',
  )
})

it('lets exactly one of two simultaneous picks of one reward succeed', async () => {
  const dora = await referrer()
  const { empfaengernummer } = await referral(dora, { anteil: 100 })
  const no = orderNo()
  await reportOrders(
    demo,
    [
      {
        Auftragsnummer: no,
        Empfaengernummer: empfaengernummer,
        ProduktId: 462,
        Auftragsdatum: isoDay(at(1)),
        Status: 'Gezahlt',
      },
    ],
    at(1),
  )
  await runRewardJobs(at(32)(), 'demo')
  const [reward] = await rewardsOfOrder(no)
  const pick = (auswahl: 'Bargeld' | 'Gutschein') =>
    pickReward(
      demo,
      { claims: dora.claims },
      { PraemieId: reward!.nummer, Auswahl: auswahl, Bankdaten: { IBAN, Kontoinhaber: 'Dora Fixture' } },
      at(33),
    )
  const outcomes = await Promise.allSettled([pick('Bargeld'), pick('Gutschein'), pick('Bargeld')])
  expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1)
  for (const o of outcomes.filter((o) => o.status === 'rejected'))
    expect(((o as PromiseRejectedResult).reason as ApiError).code).toBe('PraemieBereitsAbgeholt')
  const db = await getDb()
  const events = await db.select().from(rewardEvents).where(eq(rewardEvents.rewardId, reward!.id))
  expect(events.filter((e) => e.cause.startsWith('Ausgewählt'))).toHaveLength(1)
  // Cancelled, so no cash of this test waits for a later export of a shared database.
  await reportOrders(
    demo,
    [
      {
        Auftragsnummer: no,
        Empfaengernummer: empfaengernummer,
        ProduktId: 462,
        Auftragsdatum: isoDay(at(1)),
        Status: 'Storniert',
      },
    ],
    at(34),
  )
  expect((await rewardsOfOrder(no))[0]!.status).toBe('Storniert')
})

it('grants the bonus once per three successful contracts, and expires a reward not picked up in time', async () => {
  const emil = await referrer()
  const numbers: string[] = []
  for (const produkt of [462, 463, 464]) {
    const { empfaengernummer } = await referral(emil, { produkt, anteil: 100 })
    const no = orderNo()
    numbers.push(no)
    await reportOrders(
      demo,
      [
        {
          Auftragsnummer: no,
          Empfaengernummer: empfaengernummer,
          ProduktId: produkt,
          Auftragsdatum: isoDay(at(2)),
          Status: 'Gezahlt',
        },
      ],
      at(2),
    )
  }
  const db = await getDb()
  const bonus = () =>
    db
      .select()
      .from(rewards)
      .where(and(eq(rewards.referrerId, emil.id), eq(rewards.art, 'Bonus')))
  expect(await bonus()).toEqual([])
  await runRewardJobs(at(33)(), 'demo')
  const [granted] = await bonus()
  expect(granted).toMatchObject({ wertCent: 5000, status: 'Bereitgestellt', bonusStufe: 1 })
  await runRewardJobs(at(34)(), 'demo')
  expect(await bonus()).toHaveLength(1)
  expect((await mailsTo(emil.email, 'rewardReady')).map((m) => m.subject.replace(/\s/g, ' '))).toContain(
    'Ihre Prämie von 50 € steht bereit',
  )

  // 14 days before the pickup ends a reminder goes out, once; after the 365 days the reward expires.
  const readyAt = granted!.readyAt!.getTime()
  const dayOffset = (ms: number) => (ms - T0.getTime()) / DAY
  await runRewardJobs(at(dayOffset(readyAt + 350 * DAY))(), 'demo')
  expect(await mailsTo(emil.email, 'rewardExpiryReminder')).toHaveLength(0)
  await runRewardJobs(at(dayOffset(readyAt + 352 * DAY))(), 'demo')
  await runRewardJobs(at(dayOffset(readyAt + 353 * DAY))(), 'demo')
  // One reminder per reward (three contracts and the bonus), with the link of the ready mail.
  const reminders = await mailsTo(emil.email, 'rewardExpiryReminder')
  expect(reminders).toHaveLength(4)
  const readyLinks = (await mailsTo(emil.email, 'rewardReady')).map((m) => tokenIn(m.text))
  for (const reminder of reminders) expect(readyLinks).toContain(tokenIn(reminder.text))
  await runRewardJobs(at(dayOffset(readyAt + 366 * DAY))(), 'demo')
  const rows = await db.select().from(rewards).where(eq(rewards.referrerId, emil.id))
  expect(rows.every((r) => r.status === 'Abgelaufen')).toBe(true)
  const [mine] = await listRecommendations(demo, emil.claims, at(dayOffset(readyAt + 366 * DAY)))
  expect(mine!.Statusleiste).toMatchObject({ Text: 'praemieAbgelaufen' })
  await expectCode(
    pickReward(
      demo,
      { claims: emil.claims },
      { PraemieId: granted!.nummer, Auswahl: 'Gutschein' },
      at(dayOffset(readyAt + 367 * DAY)),
    ),
    'PraemieAbgelaufen',
  )
})

it('credits a reward to the customer number and exports the credits for the provider’s billing', async () => {
  const fritz = await referrer()
  const { empfaengernummer } = await referral(fritz, { anteil: 100 })
  const no = orderNo()
  await reportOrders(
    demo,
    [
      {
        Auftragsnummer: no,
        Empfaengernummer: empfaengernummer,
        ProduktId: 462,
        Auftragsdatum: isoDay(at(1)),
        Status: 'Gezahlt',
      },
    ],
    at(1),
  )
  await runRewardJobs(at(32)(), 'demo')
  const [reward] = await rewardsOfOrder(no)
  // Without a customer number the credit is not offered.
  expect((await praemierungDetails(demo, { claims: fritz.claims }, reward!.nummer, at(33))).Optionen).toEqual(
    ['Bargeld', 'Gutschein'],
  )
  await expectCode(
    pickReward(demo, { claims: fritz.claims }, { PraemieId: reward!.nummer, Auswahl: 'Gutschrift' }, at(33)),
    'KundennummerErforderlich',
  )
  await setCustomerNumber(demo, fritz.claims, '4711081500', at(33))
  const picked = await pickReward(
    demo,
    { claims: fritz.claims },
    { PraemieId: reward!.nummer, Auswahl: 'Gutschrift' },
    at(33),
  )
  expect(picked).toMatchObject({ Auswahl: 'Gutschrift', Kundennummer: '•••••••500', Bankdaten: null })
  const batch = await exportPayouts(demo, 'Gutschrift', at(34))
  const { datei, art } = await payoutFile(demo, batch.Id)
  expect(art).toBe('Gutschrift')
  expect(datei.split('\r\n')[0]).toBe('PraemieId;Kundennummer;BetragCent;Verwendungszweck')
  expect(datei).toContain(`${reward!.nummer};4711081500;7000;Lumenta Freunde-Bonus Praemie ${reward!.nummer}`)
  await markPayoutPaid(demo, batch.Id, at(40))
  expect((await mailsTo(fritz.email, 'rewardPaid'))[0]!.text).toContain(
    'gutgeschrieben auf Ihr Kundenkonto •••••••500',
  )
})

it('writes SEPA files that the pain.001.001.09 schema accepts', async () => {
  const gina = await referrer()
  const { empfaengernummer } = await referral(gina, { anteil: 100 })
  const no = orderNo()
  await reportOrders(
    demo,
    [
      {
        Auftragsnummer: no,
        Empfaengernummer: empfaengernummer,
        ProduktId: 462,
        Auftragsdatum: isoDay(at(1)),
        Status: 'Gezahlt',
      },
    ],
    at(1),
  )
  await runRewardJobs(at(32)(), 'demo')
  const [reward] = await rewardsOfOrder(no)
  await pickReward(
    demo,
    { claims: gina.claims },
    {
      PraemieId: reward!.nummer,
      Auswahl: 'Bargeld',
      Bankdaten: { IBAN, Kontoinhaber: 'Gina Müller & Söhne' },
    },
    at(33),
  )
  // Another picked reward whose bank data no longer decrypts (say, a changed key) is left out and named.
  const { empfaengernummer: other } = await referral(gina, { produkt: 463, anteil: 100 })
  const broken = orderNo()
  await reportOrders(
    demo,
    [
      {
        Auftragsnummer: broken,
        Empfaengernummer: other,
        ProduktId: 462,
        Auftragsdatum: isoDay(at(1)),
        Status: 'Gezahlt',
      },
    ],
    at(1),
  )
  await runRewardJobs(at(32)(), 'demo')
  const [damaged] = await rewardsOfOrder(broken)
  await pickReward(
    demo,
    { claims: gina.claims },
    { PraemieId: damaged!.nummer, Auswahl: 'Bargeld', Bankdaten: { IBAN, Kontoinhaber: 'Gina Fixture' } },
    at(33),
  )
  const db = await getDb()
  const [sealed] = await db.select().from(rewards).where(eq(rewards.id, damaged!.id))
  await db
    .update(rewards)
    .set({ ibanEncrypted: `${sealed!.ibanEncrypted!.slice(0, -4)}AAAA` })
    .where(eq(rewards.id, damaged!.id))
  const batch = await exportPayouts(demo, 'SEPA', at(34))
  expect(batch.Uebersprungen).toContain(damaged!.nummer)
  const { datei } = await payoutFile(demo, batch.Id)
  expect(datei).toContain('<Nm>Gina Mueller + Soehne</Nm>')
  expect(datei).not.toContain(damaged!.nummer)
  // It stays due, shows without bank data, and goes with its cancelled order.
  expect(
    (await praemierungDetails(demo, { claims: gina.claims }, damaged!.nummer, at(34))).Bankdaten,
  ).toBeNull()
  await reportOrders(
    demo,
    [
      {
        Auftragsnummer: broken,
        Empfaengernummer: other,
        ProduktId: 462,
        Auftragsdatum: isoDay(at(1)),
        Status: 'Storniert',
      },
    ],
    at(35),
  )
  const result = await validateXML({
    xml: [{ fileName: 'batch.xml', contents: datei }],
    schema: [{ fileName: 'pain.001.001.09.xsd', contents: XSD }],
  })
  expect(result.errors).toEqual([])
  expect(result.valid).toBe(true)
})

it('runs the hourly reward jobs once per slot across servers', async () => {
  const db = await getDb()
  const year = 3000 + Math.floor(Math.random() * 5000)
  const runs = await Promise.all([
    runRewardJobsOnce(db, new Date(Date.UTC(year, 5, 1, 8, 5))),
    runRewardJobsOnce(db, new Date(Date.UTC(year, 5, 1, 8, 55))),
  ])
  expect(runs.filter((r) => r !== null)).toHaveLength(1)
  // Keep the voucher pool of the shared database clean of this file's codes.
  await db.delete(voucherCodes).where(inArray(voucherCodes.anbieter, ['Buchhandel']))
})
