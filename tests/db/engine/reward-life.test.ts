import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { getDb } from '@/lib/engine/db'
import { recipients, rewardEvents } from '@/lib/db/schema'
import type { OrderReport } from '@/lib/contracts/praemierung'
import { ApiError } from '@/lib/shared/errors'
import { listRecommendations } from '@/lib/engine/recommendations/list-recommendations'
import { exportPayouts } from '@/lib/engine/rewards/export-payouts'
import { markPayoutPaid } from '@/lib/engine/rewards/mark-payout-paid'
import { payoutFile } from '@/lib/engine/rewards/payout-file'
import { listPraemierungen } from '@/lib/engine/rewards/list-praemierungen'
import { pickReward } from '@/lib/engine/rewards/pick-reward'
import { praemierungDetails } from '@/lib/engine/rewards/praemierung-details'
import { reportOrders } from '@/lib/engine/rewards/report-orders'
import { runRewardJobs } from '@/lib/engine/rewards/reward-jobs'
import { importVoucherCodes } from '@/lib/engine/rewards/vouchers'
import {
  demo,
  at,
  isoDay,
  IBAN,
  referrer,
  referral,
  orderNo,
  rewardsOfOrder,
  mailsTo,
  tokenIn,
  expectCode,
  orderReport,
  readyReward,
  registerRewardLifeHooks,
} from './reward-life-fixtures'

// The whole life of a reward on a moved clock: recommendation → recipient → order → complaint period →
// ready mail → pick → SEPA export → paid, a cancellation, orders that cannot be attributed, simultaneous
// picks. The bonus tier, expiry, credits, the SEPA schema and the jobs: reward-bonus-and-payouts.test.ts.

registerRewardLifeHooks()

it('lives from the order to the paid transfer, with a ready mail, one pick, one export and the paid status', async () => {
  const anna = await referrer()
  const { nr, empfaengernummer, friendEmail, recipientClaims } = await referral(anna, { anteil: 50 })
  const no = orderNo()
  const report = orderReport(no, empfaengernummer, 'Gezahlt', { day: 2 })

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
  // (Other open rewards, such as the demo referrers' history, may become ready meanwhile.)
  await runRewardJobs(at(31)(), 'demo')
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
  const report = (status: OrderReport['Status']) => orderReport(no, empfaengernummer, status, { day: 2 })
  await reportOrders(demo, [report('Offen')], at(2))
  expect((await rewardsOfOrder(no)).map((r) => [r.beguenstigter, r.wertCent, r.status])).toEqual([
    ['Empfehler', 7000, 'Offen'],
  ])
  // Completed, the period passes: ready; cancelled before anything was paid: Storniert.
  await reportOrders(demo, [report('Gezahlt')], at(10))
  await runRewardJobs(at(33)(), 'demo')
  expect((await rewardsOfOrder(no))[0]!.status).toBe('Bereitgestellt')
  expect(await reportOrders(demo, [report('Storniert')], at(34))).toEqual([
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
  expect((await reportOrders(demo, [report('Gezahlt')], at(36)))[0]).toMatchObject({
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
  const { referrer: dora, empfaengernummer, no, reward } = await readyReward()
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
  await reportOrders(demo, [orderReport(no, empfaengernummer, 'Storniert')], at(34))
  expect((await rewardsOfOrder(no))[0]!.status).toBe('Storniert')
})
