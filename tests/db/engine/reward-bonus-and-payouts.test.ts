import { validateXML } from 'xmllint-wasm'
import { and, eq, inArray } from 'drizzle-orm'
import { getDb } from '@/lib/engine/db'
import { rewards, voucherCodes } from '@/lib/db/schema'
import { listRecommendations } from '@/lib/engine/recommendations/list-recommendations'
import { exportPayouts } from '@/lib/engine/rewards/export-payouts'
import { markPayoutPaid } from '@/lib/engine/rewards/mark-payout-paid'
import { payoutFile } from '@/lib/engine/rewards/payout-file'
import { pickReward } from '@/lib/engine/rewards/pick-reward'
import { praemierungDetails } from '@/lib/engine/rewards/praemierung-details'
import { reportOrders } from '@/lib/engine/rewards/report-orders'
import { runRewardJobs, runRewardJobsOnce } from '@/lib/engine/rewards/reward-jobs'
import { setCustomerNumber } from '@/lib/engine/customer-numbers/set-customer-number'
import { reviewCustomerNumber } from '@/lib/engine/customer-numbers/review-customer-number'
import {
  demo,
  DAY,
  T0,
  at,
  IBAN,
  XSD,
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

// The reward life on a moved clock, continued (reward-life.test.ts): the bonus tier and expiry, credits to
// a customer number, SEPA files against the pain.001 schema, the hourly reward jobs.

registerRewardLifeHooks()

it('grants the bonus once per three successful contracts, and expires a reward not picked up in time', async () => {
  const emil = await referrer()
  const numbers: string[] = []
  for (const produkt of [462, 463, 464]) {
    const { empfaengernummer } = await referral(emil, { produkt, anteil: 100 })
    const no = orderNo()
    numbers.push(no)
    await reportOrders(demo, [orderReport(no, empfaengernummer, 'Gezahlt', { day: 2, produkt })], at(2))
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
  const { referrer: fritz, reward } = await readyReward()
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
  // Booked once the operator confirmed the number (credit-payouts.test.ts: not before).
  await reviewCustomerNumber(demo, { Email: fritz.email, Status: 'Bestaetigt', Bearbeiter: 'jest' }, at(34))
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
  const { referrer: gina, reward } = await readyReward()
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
  await reportOrders(demo, [orderReport(broken, other, 'Gezahlt')], at(1))
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
  await reportOrders(demo, [orderReport(broken, other, 'Storniert')], at(35))
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
