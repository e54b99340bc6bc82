import 'server-only'
import { eq } from 'drizzle-orm'
import type { Db } from '@/lib/engine/db'
import {
  agencies,
  agencyRewardPlans,
  agents,
  orders,
  products,
  recipients,
  recommendations,
  referrers,
  rewards,
} from '@/lib/db/schema'
import { produktDetailsSchema } from '@/lib/contracts/catalog'
import { productName } from '@/lib/shared/catalog/product-name'
import { germanToday } from '@/lib/shared/catalog/reward-periods'
import {
  newRecommendationHex,
  newRecommendationNumber,
} from '@/lib/engine/recommendations/recommendation-codes'
import { recipientColumns } from '@/lib/engine/recipients/recipient-columns'
import { newRewardNumber } from '@/lib/engine/rewards/new-reward-number'
import { rewardSplit } from '@/lib/shared/share/share-links'
import { DEMO_AGENTS } from './demo/agencies'

const DAY = 86_400_000
const MONTHS = 6
/** The history is the work of an agency's first four agents (the others joined to be found in searches). */
const HISTORY_AGENTS = 4
const FIRST_NAMES = [
  'Lena',
  'Paul',
  'Mia',
  'Ben',
  'Emma',
  'Noah',
  'Hanna',
  'Elias',
  'Lea',
  'Finn',
  'Sofia',
  'Leon',
]
const LAST_NAMES = [
  'Schulz',
  'Wagner',
  'Koch',
  'Richter',
  'Klein',
  'Wolf',
  'Neumann',
  'Schröder',
  'Braun',
  'Zimmermann',
]

/** A small deterministic generator, so every demo database shows the same history. */
function generator(seed: string) {
  let state = [...seed].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16_777_619), 2_166_136_261) >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
  return { next, pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]! }
}

/**
 * The demo agencies' agents and half a year of their work: customers who recommended through an
 * agent, the friends who answered, and the orders the provider reported, more each month, so every
 * agency report and chart shows rows right after `npm run demo`. Agents missing are added; the history
 * once per agency (when it had no agents yet); the people are invented, their addresses .example,
 * their phone numbers from the 0155 5 range no test uses.
 */
export async function seedDemoAgencyActivity(db: Db, today: Date) {
  const rows = await db.select().from(agencies)
  for (const agency of rows) {
    const demoAgents = DEMO_AGENTS[agency.key]
    if (!demoAgents) continue
    // The history is added with the agency's first agents; agents the demo gained later join without one.
    const [known] = await db
      .select({ id: agents.id })
      .from(agents)
      .where(eq(agents.agencyId, agency.id))
      .limit(1)
    const inserted = await db
      .insert(agents)
      .values(demoAgents.map((agent) => ({ ...agent, tenantSlug: agency.tenantSlug, agencyId: agency.id })))
      .onConflictDoNothing()
      .returning({ id: agents.id })
    const [planned] = await db
      .select({ id: agencyRewardPlans.id })
      .from(agencyRewardPlans)
      .where(eq(agencyRewardPlans.agencyId, agency.id))
      .limit(1)
    if (!planned) await addRewardPlans(db, agency, today)
    if (known || inserted.length === 0) continue
    const catalogue = await db
      .select()
      .from(products)
      .where(eq(products.tenantSlug, agency.tenantSlug))
      .orderBy(products.sortierung)
      .limit(8)
    if (catalogue.length === 0) continue
    await db.transaction((tx) =>
      addHistory(
        tx,
        agency,
        demoAgents.slice(0, HISTORY_AGENTS).map((a) => a.externeId),
        catalogue,
        today,
      ),
    )
  }
}

async function addHistory(
  tx: Db,
  agency: typeof agencies.$inferSelect,
  agentNumbers: string[],
  catalogue: (typeof products.$inferSelect)[],
  today: Date,
) {
  const random = generator(`${agency.tenantSlug}:${agency.key}`)
  const tenantSlug = agency.tenantSlug
  const customers = await tx
    .insert(referrers)
    .values(
      Array.from({ length: 14 }, (_, n) => ({
        tenantSlug,
        email: `kunde${n + 1}@${agency.key}.kunden.example`,
        vorname: FIRST_NAMES[n % FIRST_NAMES.length]!,
        nachname: LAST_NAMES[(n * 7) % LAST_NAMES.length]!,
        confirmedAt: new Date(today.getTime() - (MONTHS * 31 + 5) * DAY),
        createdAt: new Date(today.getTime() - (MONTHS * 31 + 5) * DAY),
      })),
    )
    .onConflictDoNothing()
    .returning()
  if (customers.length === 0) return
  let serial = 0
  for (let month = MONTHS - 1; month >= 0; month--) {
    // More recommendations each month, as a programme that an agency takes up grows.
    const count = 8 + (MONTHS - 1 - month) * 4 + Math.floor(random.next() * 5)
    for (let i = 0; i < count; i++) {
      serial++
      const createdAt = new Date(today.getTime() - (month * 30 + random.next() * 29 + 1) * DAY)
      const product = random.pick(catalogue)
      const details = produktDetailsSchema.parse(product.details)
      const [recommendation] = await tx
        .insert(recommendations)
        .values({
          tenantSlug,
          referrerId: random.pick(customers).id,
          nummer: newRecommendationNumber(),
          hex: newRecommendationHex(),
          produktId: product.id,
          produktName: productName(details),
          anteilEmpfehler: random.pick([100, 100, 50, 0]),
          praemieWertCent: random.pick([5000, 7000, 9000]),
          channel: 'agent',
          agentNumber: random.pick(agentNumbers),
          agencyId: agency.id,
          createdAt,
          activatedAt: createdAt,
          expiresAt: new Date(createdAt.getTime() + 60 * DAY),
        })
        .returning()
      if (!recommendation || random.next() > 0.6) continue
      await addLead(tx, agency, recommendation, serial, random, today)
    }
  }
}

async function addLead(
  tx: Db,
  agency: typeof agencies.$inferSelect,
  recommendation: typeof recommendations.$inferSelect,
  serial: number,
  random: ReturnType<typeof generator>,
  today: Date,
) {
  const createdAt = new Date(
    Math.min(recommendation.createdAt.getTime() + (1 + random.next() * 6) * DAY, today.getTime() - DAY / 2),
  )
  const confirmed = random.next() < 0.85
  const vorname = random.pick(FIRST_NAMES)
  const name = random.pick(LAST_NAMES)
  const data = {
    anrede: random.pick(['Frau', 'Herr']),
    vorname,
    name,
    geburtsdatum: `19${60 + Math.floor(random.next() * 40)}-0${1 + Math.floor(random.next() * 9)}-1${Math.floor(random.next() * 9)}`,
    email: `freund${serial}@${agency.key}.kunden.example`,
    telefon: `+49 155 5${String(100_000 + serial).slice(1)}${agency.key.length}`,
    werbeeinwilligung: random.next() < 0.5,
    adresse: { strasse: 'Demoweg', hausnummer: String(serial), plz: agency.postcode, ort: agency.town },
  }
  const [recipient] = await tx
    .insert(recipients)
    .values({
      tenantSlug: agency.tenantSlug,
      recommendationId: recommendation.id,
      agencyId: agency.id,
      ...recipientColumns(data),
      channel: 'agent',
      createdAt,
      confirmedAt: confirmed ? createdAt : null,
      consentedAt: confirmed ? createdAt : null,
    })
    .onConflictDoNothing()
    .returning()
  if (!recipient || !confirmed || random.next() > 0.65) return
  const ordered = new Date(Math.min(createdAt.getTime() + (2 + random.next() * 10) * DAY, today.getTime()))
  const age = (today.getTime() - ordered.getTime()) / DAY
  const status = random.next() < 0.1 ? 'Storniert' : age > 30 ? 'Gezahlt' : 'Offen'
  const settled = status === 'Gezahlt' && age > 45
  const [order] = await tx
    .insert(orders)
    .values({
      tenantSlug: agency.tenantSlug,
      auftragsnummer: `DEMO-${agency.key.slice(0, 3).toUpperCase()}-${String(serial).padStart(5, '0')}`,
      recommendationId: recommendation.id,
      recipientId: recipient.id,
      agencyId: agency.id,
      produktId: recommendation.produktId,
      produktName: recommendation.produktName,
      auftragsdatum: germanToday(ordered),
      status,
      // The agency released its older paid orders already, and they are settled (the complaint period
      // is over); the recent ones wait for the release.
      releasedAt: settled ? new Date(ordered.getTime() + 3 * DAY) : null,
      successfulAt: settled ? new Date(ordered.getTime() + 31 * DAY) : null,
      reportedAt: ordered,
      updatedAt: ordered,
    })
    .returning()
  if (order) await addRewards(tx, order, recommendation, recipient.id)
}

/**
 * The rewards of a demo order under the recommendation's share: paid out once the order was settled
 * long enough ago, waiting while it is not, cancelled with it. None is ready to pick, so the reward
 * jobs and payout exports leave them alone.
 */
async function addRewards(
  tx: Db,
  order: typeof orders.$inferSelect,
  recommendation: typeof recommendations.$inferSelect,
  recipientId: string,
) {
  const split = rewardSplit(recommendation.praemieWertCent ?? 0, recommendation.anteilEmpfehler, null)
  const status = order.status === 'Storniert' ? 'Storniert' : order.successfulAt ? 'Ausgezahlt' : 'Offen'
  const paidAt = order.successfulAt ? new Date(order.successfulAt.getTime() + 10 * DAY) : null
  const common = {
    tenantSlug: order.tenantSlug,
    orderId: order.id,
    recommendationId: recommendation.id,
    referrerId: recommendation.referrerId,
    art: 'Standard',
    status,
    auswahl: status === 'Ausgezahlt' ? 'Bargeld' : null,
    createdAt: order.reportedAt,
    readyAt: order.successfulAt,
    pickedAt: paidAt,
    paidAt,
    updatedAt: paidAt ?? order.reportedAt,
  }
  const rows = [
    { ...common, beguenstigter: 'Empfehler', wertCent: split.referrerCents },
    { ...common, beguenstigter: 'Empfaenger', recipientId, wertCent: split.friendCents },
  ].filter((row) => row.wertCent > 0)
  if (rows.length > 0)
    await tx.insert(rewards).values(rows.map((row) => ({ ...row, nummer: newRewardNumber() })))
}

/**
 * The agency's reward plans, added when it has none: one for its TV category (else the catalogue's last) that ended last month
 * and one in force since then, and one for another product planned for the whole of next month.
 */
async function addRewardPlans(tx: Db, agency: typeof agencies.$inferSelect, today: Date) {
  const catalogue = await tx
    .select({ id: products.id, quelle: products.quelle, kategorie: products.kategorie })
    .from(products)
    .where(eq(products.tenantSlug, agency.tenantSlug))
    .orderBy(products.sortierung)
  const category = catalogue.find((p) => p.quelle === 'tv') ?? catalogue.at(-1)
  const product = catalogue.find((p) => p.quelle !== category?.quelle || p.kategorie !== category?.kategorie)
  if (!category || !product) return
  const day = (offsetDays: number) => germanToday(new Date(today.getTime() + offsetDays * DAY))
  const ago = (days: number) => new Date(today.getTime() - days * DAY)
  const [year, month] = germanToday(today).split('-').map(Number) as [number, number]
  const iso = (date: Date) => date.toISOString().slice(0, 10)
  const common = { tenantSlug: agency.tenantSlug, agencyId: agency.id }
  const target = { quelle: category.quelle, kategorie: category.kategorie }
  await tx.insert(agencyRewardPlans).values([
    {
      ...common,
      ...target,
      wertCent: 10_000,
      startdatum: day(-120),
      enddatum: day(-31),
      createdAt: ago(125),
    },
    { ...common, ...target, wertCent: 11_000, startdatum: day(-30), enddatum: null, createdAt: ago(35) },
    {
      ...common,
      produktId: product.id,
      wertCent: 12_500,
      startdatum: iso(new Date(Date.UTC(year, month, 1))),
      enddatum: iso(new Date(Date.UTC(year, month + 1, 0))),
      createdAt: ago(2),
    },
  ])
}
