import 'server-only'
import { randomBytes, randomUUID } from 'node:crypto'
import { and, asc, eq } from 'drizzle-orm'
import type { Db } from '@/lib/engine/db'
import {
  orders,
  productRewards,
  products,
  recipients,
  recommendations,
  recommendationVisits,
  referrers,
  rewardEvents,
  rewards,
  tenants,
  voucherCodes,
} from '@/lib/db/schema'
import { produktDetailsSchema } from '@/lib/contracts/catalog'
import { productName } from '@/lib/shared/catalog/product-name'
import { germanToday } from '@/lib/shared/catalog/reward-periods'
import { rewardSplit } from '@/lib/shared/share/share-links'
import {
  newRecommendationHex,
  newRecommendationNumber,
} from '@/lib/engine/recommendations/recommendation-codes'
import { recipientColumns } from '@/lib/engine/recipients/recipient-columns'
import { newRewardNumber } from '@/lib/engine/rewards/new-reward-number'
import { sealBankDataForReward } from '@/lib/engine/rewards/reward-secrets'
import { tenantSettingsSchema } from '@/lib/shared/tenants/settings'
import { DEMO_REFERRERS } from './demo-tenants'

const DAY = 86_400_000

/** What happened to one demo recommendation after it was sent. */
type Stage =
  | { kind: 'sent' }
  | { kind: 'opened' }
  | { kind: 'entered' }
  | { kind: 'ordering' }
  | { kind: 'order'; status: 'Offen' | 'Gezahlt' | 'Storniert'; orderedDaysAgo: number }
  | { kind: 'ready'; orderedDaysAgo: number; readyDaysAgo: number }
  | { kind: 'paid'; orderedDaysAgo: number; paidDaysAgo: number; auswahl: 'Bargeld' | 'Gutschein' }

type Entry = { daysAgo: number; share: 100 | 50 | 0; stage: Stage; friend: [string, string] }

/**
 * The demo referrer's history: one recommendation in every state the personal area knows, so a
 * newcomer sees what the area is for (status, rewards ready and paid, the reward account). Newest first.
 */
const HISTORY: Entry[] = [
  { daysAgo: 2, share: 100, stage: { kind: 'sent' }, friend: ['Lea', 'Wagner'] },
  { daysAgo: 4, share: 100, stage: { kind: 'opened' }, friend: ['Paul', 'Koch'] },
  { daysAgo: 6, share: 50, stage: { kind: 'entered' }, friend: ['Mia', 'Richter'] },
  { daysAgo: 9, share: 100, stage: { kind: 'ordering' }, friend: ['Ben', 'Klein'] },
  {
    daysAgo: 15,
    share: 100,
    stage: { kind: 'order', status: 'Offen', orderedDaysAgo: 11 },
    friend: ['Emma', 'Wolf'],
  },
  {
    daysAgo: 24,
    share: 50,
    stage: { kind: 'order', status: 'Gezahlt', orderedDaysAgo: 18 },
    friend: ['Noah', 'Neumann'],
  },
  {
    daysAgo: 52,
    share: 100,
    stage: { kind: 'ready', orderedDaysAgo: 45, readyDaysAgo: 12 },
    friend: ['Hanna', 'Braun'],
  },
  {
    daysAgo: 58,
    share: 100,
    stage: { kind: 'ready', orderedDaysAgo: 50, readyDaysAgo: 17 },
    friend: ['Elias', 'Schulz'],
  },
  {
    daysAgo: 75,
    share: 100,
    stage: { kind: 'order', status: 'Storniert', orderedDaysAgo: 68 },
    friend: ['Finn', 'Zimmermann'],
  },
  { daysAgo: 90, share: 100, stage: { kind: 'sent' }, friend: ['Sofia', 'Lange'] },
  {
    daysAgo: 130,
    share: 100,
    stage: { kind: 'paid', orderedDaysAgo: 122, paidDaysAgo: 70, auswahl: 'Bargeld' },
    friend: ['Leon', 'Hoffmann'],
  },
  {
    daysAgo: 160,
    share: 100,
    stage: { kind: 'paid', orderedDaysAgo: 151, paidDaysAgo: 105, auswahl: 'Gutschein' },
    friend: ['Clara', 'Becker'],
  },
]

/**
 * Adds the demo referrers' history (DEMO_REFERRERS) once: only to a demo referrer who has no
 * recommendation yet, so a second start, or a referrer who already used the demo, changes nothing.
 * Dates are placed back from `today` (the seeding time of the engine's clock). No mail is written.
 * The people are invented, their addresses .example, their phone numbers from the 0155 5 range.
 */
export async function seedDemoReferrerHistory(db: Db, today: Date) {
  for (const [slug, demo] of Object.entries(DEMO_REFERRERS)) {
    const [referrer] = await db
      .select()
      .from(referrers)
      .where(and(eq(referrers.tenantSlug, slug), eq(referrers.email, demo.email)))
      .limit(1)
    if (!referrer) continue
    const [any] = await db
      .select({ id: recommendations.id })
      .from(recommendations)
      .where(eq(recommendations.referrerId, referrer.id))
      .limit(1)
    if (any) continue
    await seedReferrerHistory(db, referrer, today)
  }
}

/** The history of HISTORY for one referrer of a tenant with a catalogue, dated back from `today`. */
export async function seedReferrerHistory(db: Db, referrer: typeof referrers.$inferSelect, today: Date) {
  const slug = referrer.tenantSlug
  const catalogue = await db
    .select()
    .from(products)
    .where(eq(products.tenantSlug, slug))
    // The first of each line of products (internet, TV, mobile …), in a fixed order.
    .orderBy(asc(products.sortierung), asc(products.id))
    .limit(6)
  if (catalogue.length === 0) return
  const [tenantRow] = await db.select().from(tenants).where(eq(tenants.slug, slug))
  const settings = tenantSettingsSchema.parse(tenantRow!.settings)
  await db.transaction(async (tx) => {
    for (const [n, entry] of HISTORY.entries())
      await addEntry(tx, {
        slug,
        referrerId: referrer.id,
        referrerName: `${referrer.vorname} ${referrer.nachname}`,
        product: catalogue[n % catalogue.length]!,
        entry,
        serial: n + 1,
        // The friends of different referrers differ (e-mail, phone and address are unique per tenant).
        household: parseInt(referrer.id.replace(/-/g, '').slice(0, 6), 16) % 10_000,
        today,
        pickupDays: settings.RewardPickupDays,
        maxFriendCents: settings.MaxEmpfaengerPraemieCent,
      })
  })
}

type EntryInput = {
  slug: string
  referrerId: string
  referrerName: string
  product: typeof products.$inferSelect
  entry: Entry
  serial: number
  household: number
  today: Date
  pickupDays: number
  maxFriendCents: number | null
}

async function addEntry(tx: Db, input: EntryInput) {
  const { slug, product, entry, serial, household, today } = input
  const ago = (days: number) => new Date(today.getTime() - days * DAY - serial * 60_000)
  const createdAt = ago(entry.daysAgo)
  const [reward] = await tx
    .select({ wertCent: productRewards.wertCent })
    .from(productRewards)
    .where(and(eq(productRewards.tenantSlug, slug), eq(productRewards.productId, product.id)))
    .orderBy(asc(productRewards.startdatum))
    .limit(1)
  const wertCent = reward?.wertCent ?? 5000
  const [recommendation] = await tx
    .insert(recommendations)
    .values({
      tenantSlug: slug,
      referrerId: input.referrerId,
      nummer: newRecommendationNumber(),
      hex: newRecommendationHex(),
      produktId: product.id,
      produktName: productName(produktDetailsSchema.parse(product.details)),
      anteilEmpfehler: entry.share,
      praemieWertCent: wertCent,
      praemieStartdatum: germanToday(createdAt),
      channel: serial % 3 === 0 ? 'Email' : 'WhatsApp',
      createdAt,
      activatedAt: createdAt,
      expiresAt: new Date(createdAt.getTime() + 60 * DAY),
    })
    .returning()
  if (!recommendation || entry.stage.kind === 'sent') return
  const visitedAt = new Date(createdAt.getTime() + DAY / 3)
  await tx.insert(recommendationVisits).values({
    recommendationId: recommendation.id,
    kind: 'landing',
    channel: recommendation.channel,
    visitorKey: randomBytes(16).toString('hex'),
    day: germanToday(visitedAt),
    createdAt: visitedAt,
  })
  if (entry.stage.kind === 'opened') return

  const enteredAt = new Date(createdAt.getTime() + DAY / 2)
  const confirmed = entry.stage.kind !== 'entered'
  const [vorname, name] = entry.friend
  const data = {
    anrede: serial % 2 === 0 ? 'Herr' : 'Frau',
    vorname,
    name,
    geburtsdatum: `19${70 + serial}-0${1 + (serial % 9)}-1${serial % 9}`,
    email: `${vorname.toLowerCase()}.${name.toLowerCase()}.${household}@${slug}.freunde.example`,
    telefon: `+49 155 5${String(household).padStart(4, '0')}${String(serial).padStart(2, '0')}`,
    werbeeinwilligung: false,
    adresse: { strasse: 'Demoweg', hausnummer: `${serial}/${household}`, plz: '10115', ort: 'Berlin' },
  }
  const [recipient] = await tx
    .insert(recipients)
    .values({
      tenantSlug: slug,
      recommendationId: recommendation.id,
      ...recipientColumns(data),
      channel: recommendation.channel,
      createdAt: enteredAt,
      confirmedAt: confirmed ? enteredAt : null,
      consentedAt: confirmed ? enteredAt : null,
    })
    .onConflictDoNothing()
    .returning()
  if (!recipient || !confirmed) return
  await tx
    .insert(recommendationVisits)
    .values({
      recommendationId: recommendation.id,
      kind: 'produktlink',
      channel: recommendation.channel,
      visitorKey: recipient.id,
      day: germanToday(enteredAt),
      createdAt: enteredAt,
    })
    .onConflictDoNothing()
  const stage = entry.stage
  if (stage.kind === 'ordering' || stage.kind === 'entered') return

  const orderedAt = ago(stage.orderedDaysAgo)
  const status = stage.kind === 'order' ? stage.status : 'Gezahlt'
  // Settled: the complaint period (30 days) is over and the rewards were made ready then.
  const successfulAt =
    stage.kind === 'ready'
      ? ago(stage.readyDaysAgo)
      : stage.kind === 'paid'
        ? ago(stage.orderedDaysAgo - 31)
        : null
  const [order] = await tx
    .insert(orders)
    .values({
      tenantSlug: slug,
      auftragsnummer: `DEMO-${slug.toUpperCase()}-${household}-${String(serial).padStart(4, '0')}`,
      recommendationId: recommendation.id,
      recipientId: recipient.id,
      produktId: recommendation.produktId,
      produktName: recommendation.produktName,
      auftragsdatum: germanToday(orderedAt),
      status,
      successfulAt,
      reportedAt: orderedAt,
      updatedAt: successfulAt ?? orderedAt,
    })
    .returning()
  if (!order) return

  const split = rewardSplit(wertCent, entry.share, input.maxFriendCents)
  const events: { from: string | null; to: string; cause: string; at: Date }[] = [
    { from: null, to: 'Offen', cause: 'Auftrag gemeldet', at: orderedAt },
  ]
  let row: Partial<typeof rewards.$inferInsert> = { status: 'Offen' }
  if (stage.kind === 'order' && stage.status === 'Storniert') {
    row = { status: 'Storniert' }
    events.push({
      from: 'Offen',
      to: 'Storniert',
      cause: 'Auftrag storniert',
      at: ago(stage.orderedDaysAgo - 9),
    })
  } else if (stage.kind === 'ready') {
    const readyAt = successfulAt!
    row = {
      status: 'Bereitgestellt',
      readyAt,
      expiresAt: new Date(readyAt.getTime() + input.pickupDays * DAY),
    }
    events.push({ from: 'Offen', to: 'Bereitgestellt', cause: 'Beschwerdefrist abgelaufen', at: readyAt })
  } else if (stage.kind === 'paid') {
    const readyAt = successfulAt!
    const pickedAt = new Date(readyAt.getTime() + 3 * DAY)
    const paidAt = ago(stage.paidDaysAgo)
    const done = stage.auswahl === 'Bargeld' ? 'Ausgezahlt' : 'Abgeholt'
    row = {
      status: done,
      auswahl: stage.auswahl,
      readyAt,
      pickedAt,
      paidAt: done === 'Ausgezahlt' ? paidAt : null,
    }
    events.push(
      { from: 'Offen', to: 'Bereitgestellt', cause: 'Beschwerdefrist abgelaufen', at: readyAt },
      stage.auswahl === 'Bargeld'
        ? { from: 'Bereitgestellt', to: 'Ausgezahlt', cause: 'Überweisung ausgeführt', at: paidAt }
        : { from: 'Bereitgestellt', to: 'Abgeholt', cause: 'Gutscheincode zugeteilt', at: pickedAt },
    )
  }
  const beneficiaries = [
    { beguenstigter: 'Empfehler', wertCent: split.referrerCents, recipientId: null },
    { beguenstigter: 'Empfaenger', wertCent: split.friendCents, recipientId: recipient.id },
  ].filter((b) => b.wertCent > 0)
  for (const b of beneficiaries) {
    const id = randomUUID()
    const own = b.beguenstigter === 'Empfehler'
    // Rewards that were made ready or paid come from 100 % recommendations (no friend's part), so the
    // friend's part, where there is one, shares the order's open or cancelled state.
    const values = row
    const bank =
      own && values.auswahl === 'Bargeld'
        ? sealBankDataForReward(
            { tenantSlug: slug, id },
            { iban: 'DE02120300000000202051', holder: input.referrerName },
            today,
          )
        : {}
    await tx.insert(rewards).values({
      id,
      tenantSlug: slug,
      nummer: newRewardNumber(),
      orderId: order.id,
      recommendationId: recommendation.id,
      referrerId: input.referrerId,
      recipientId: b.recipientId,
      beguenstigter: b.beguenstigter,
      art: 'Standard',
      wertCent: b.wertCent,
      createdAt: orderedAt,
      updatedAt: today,
      email: own ? null : data.email,
      ...values,
      ...bank,
    } as typeof rewards.$inferInsert)
    await tx
      .insert(rewardEvents)
      .values(
        events.map((e) => ({ rewardId: id, fromStatus: e.from, toStatus: e.to, cause: e.cause, at: e.at })),
      )
    if (own && values.auswahl === 'Gutschein')
      await tx.insert(voucherCodes).values({
        tenantSlug: slug,
        code: `DEMO-${randomBytes(4).toString('hex').toUpperCase()}`,
        wertCent: b.wertCent,
        anbieter: 'Wunschgutschein',
        importedAt: ago(stage.kind === 'paid' ? stage.orderedDaysAgo : 0),
        rewardId: id,
        assignedAt: values.pickedAt ?? today,
      })
  }
}
