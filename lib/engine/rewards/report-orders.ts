import 'server-only'
import { and, eq, isNull } from 'drizzle-orm'
import { getDb, type Db } from '@/lib/engine/db'
import { orders, recipients, recommendations, rewards } from '@/lib/db/schema'
import { productName } from '@/lib/shared/catalog/product-name'
import type { Produkt } from '@/lib/contracts/catalog'
import { germanToday, isActiveReward } from '@/lib/shared/catalog/reward-periods'
import type { OrderReport, OrderResult, OrderState } from '@/lib/contracts/praemierung'
import { rewardSplit } from '@/lib/shared/share/share-links'
import { log } from '@/lib/shared/log'
import { listProducts } from '@/lib/engine/catalog/list-products'
import { systemClock, type Clock } from '@/lib/engine/clock'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import { plannedReward } from '@/lib/engine/agency/reward-plans/plan-in-force'
import { newRewardNumber } from './new-reward-number'
import { settleOrder, type OrderRow } from './settle-order'
import { recordCreated, transitionRewards } from './transition'
import { kickMailWorker } from '@/lib/engine/mail/start-mail-worker'
import { sendFriendStatusMail } from '@/lib/engine/recipients/friend-status-mail'

type RecommendationRow = typeof recommendations.$inferSelect

/** Order states a reported order may move to from each state (same state: unchanged). */
const NEXT: Record<OrderState, readonly OrderState[]> = {
  Offen: ['Gezahlt', 'Storniert'],
  Gezahlt: ['Storniert'],
  Storniert: [],
}

class Refused extends Error {
  constructor(readonly code: string) {
    super(code)
  }
}

/**
 * The provider reports orders (contracts and cancellations) of attributed recipients. Each order is
 * handled in a transaction of its own and answered one by one: Angelegt, Aktualisiert, Unveraendert
 * (the same report twice changes nothing), or Abgelehnt with a code.
 */
export async function reportOrders(
  tenant: Tenant,
  reports: OrderReport[],
  clock: Clock = systemClock,
): Promise<OrderResult[]> {
  const results: OrderResult[] = []
  for (const report of reports) {
    try {
      results.push(await reportOrder(tenant, report, clock()))
    } catch (error) {
      if (!(error instanceof Refused)) throw error
      results.push({
        Auftragsnummer: report.Auftragsnummer,
        Ergebnis: 'Abgelehnt',
        Status: null,
        Code: error.code,
      })
    }
  }
  const counts = results.reduce<Record<string, number>>(
    (acc, r) => ({ ...acc, [r.Ergebnis]: (acc[r.Ergebnis] ?? 0) + 1 }),
    {},
  )
  log.info('orders reported', { tenant: tenant.slug, ...counts })
  kickMailWorker()
  return results
}

async function reportOrder(tenant: Tenant, report: OrderReport, now: Date): Promise<OrderResult> {
  const db = await getDb()
  const [found] = await db
    .select({ recipient: recipients, recommendation: recommendations })
    .from(recipients)
    .innerJoin(recommendations, eq(recommendations.id, recipients.recommendationId))
    .where(
      and(eq(recipients.tenantSlug, tenant.slug), eq(recipients.empfaengernummer, report.Empfaengernummer)),
    )
    .limit(1)
  if (!found) throw new Refused('EmpfaengerUnbekannt')
  if (!found.recipient.confirmedAt) throw new Refused('EmpfaengerNichtBestaetigt')
  const { recipient, recommendation } = found
  if (report.Auftragsdatum > germanToday(now) || report.Auftragsdatum < germanToday(recommendation.createdAt))
    throw new Refused('AuftragsdatumUngueltig')
  const [product] = await listProducts(tenant, 'de', { ids: [report.ProduktId] })
  if (!product) throw new Refused('ProduktUnbekannt')
  const planned =
    recommendation.agencyId &&
    (await plannedReward(
      db,
      recommendation.agencyId,
      product,
      recommendation.activatedAt ?? recommendation.createdAt,
    ))
  const value = planned ? planned.WertCent : rewardValue(recommendation, product.Praemien)

  const done = (Ergebnis: OrderResult['Ergebnis'], Status: OrderState): OrderResult => ({
    Auftragsnummer: report.Auftragsnummer,
    Ergebnis,
    Status,
    Code: null,
  })

  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.tenantSlug, tenant.slug), eq(orders.auftragsnummer, report.Auftragsnummer)))
      .for('update')
      .limit(1)
    if (!existing) {
      const [order] = await tx
        .insert(orders)
        .values({
          tenantSlug: tenant.slug,
          auftragsnummer: report.Auftragsnummer,
          recommendationId: recommendation.id,
          recipientId: recipient.id,
          produktId: product.Id,
          produktName: productName(product),
          auftragsdatum: report.Auftragsdatum,
          status: report.Status,
          agencyId: recommendation.agencyId,
          reportedAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning()
      // Reported twice at the same moment: the other request created it.
      if (!order) throw new Refused('AuftragGleichzeitig')
      if (report.Status !== 'Storniert') {
        await createRewards(tx, tenant, order, recommendation, recipient, value, now)
        // The referrer hears of the order once: only the report that created it gets here.
        await sendFriendStatusMail(tx, tenant, 'friendOrdered', {
          referrerId: recommendation.referrerId,
          friend: { vorname: recipient.vorname, name: recipient.name },
          produkt: order.produktName,
        })
      }
      await settleOrder(tx, tenant, order, now, 'Auftrag gemeldet, Beschwerdefrist abgelaufen')
      return done('Angelegt', order.status as OrderState)
    }
    if (existing.recipientId !== null && existing.recipientId !== recipient.id)
      throw new Refused('AuftragAbweichend')
    const from = existing.status as OrderState
    const changedFacts = existing.produktId !== product.Id || existing.auftragsdatum !== report.Auftragsdatum
    if (from === report.Status && !changedFacts) return done('Unveraendert', from)
    if (from !== report.Status && !NEXT[from].includes(report.Status))
      throw new Refused('StatusNichtMoeglich')
    if (changedFacts) await changeFacts(tx, tenant, existing, recommendation, product, report, value, now)
    const [order] = await tx
      .update(orders)
      .set({ status: report.Status, updatedAt: now })
      .where(eq(orders.id, existing.id))
      .returning()
    if (report.Status === 'Storniert') await cancelRewards(tx, existing, now)
    else await settleOrder(tx, tenant, order!, now, 'Auftrag abgeschlossen, Beschwerdefrist abgelaufen')
    return done('Aktualisiert', report.Status)
  })
}

/**
 * The reward of an order (SPEC §1): the amount depends on the product actually ordered, in the reward
 * period that was in force when the referrer sent the recommendation. Without such a period for the
 * ordered product, the amount recorded when it was sent counts.
 */
export function rewardValue(
  recommendation: Pick<RecommendationRow, 'createdAt' | 'activatedAt' | 'praemieWertCent'>,
  periods: {
    WertCent: number
    Startdatum: string
    Enddatum: string | null
    EnddatumAnzeige: string | null
  }[],
): number {
  const sentOn = germanToday(recommendation.activatedAt ?? recommendation.createdAt)
  const period = periods.find((p) => isActiveReward(p, sentOn))
  return period?.WertCent ?? recommendation.praemieWertCent ?? 0
}

async function createRewards(
  tx: Db,
  tenant: Tenant,
  order: OrderRow,
  recommendation: RecommendationRow,
  recipient: typeof recipients.$inferSelect,
  value: number,
  now: Date,
) {
  const split = rewardSplit(value, recommendation.anteilEmpfehler, tenant.settings.MaxEmpfaengerPraemieCent)
  const common = {
    tenantSlug: tenant.slug,
    orderId: order.id,
    recommendationId: recommendation.id,
    art: 'Standard',
    status: 'Offen',
    createdAt: now,
    updatedAt: now,
  }
  const rows = [
    ...(split.referrerCents > 0 && recommendation.referrerId
      ? [
          {
            ...common,
            nummer: newRewardNumber(),
            beguenstigter: 'Empfehler',
            referrerId: recommendation.referrerId,
            wertCent: split.referrerCents,
          },
        ]
      : []),
    ...(split.friendCents > 0
      ? [
          {
            ...common,
            nummer: newRewardNumber(),
            beguenstigter: 'Empfaenger',
            recipientId: recipient.id,
            referrerId: recommendation.referrerId,
            wertCent: split.friendCents,
            language: tenant.settings.Language,
          },
        ]
      : []),
  ]
  if (rows.length === 0) return
  const created = await tx.insert(rewards).values(rows).onConflictDoNothing().returning()
  await recordCreated(tx, created, `Auftrag ${order.auftragsnummer} gemeldet`, now)
}

/** A corrected product or order date while nothing was paid: the open rewards follow it. */
async function changeFacts(
  tx: Db,
  tenant: Tenant,
  existing: OrderRow,
  recommendation: RecommendationRow,
  product: Produkt,
  report: OrderReport,
  value: number,
  now: Date,
) {
  const own = await tx.select().from(rewards).where(eq(rewards.orderId, existing.id))
  if (existing.successfulAt || own.some((r) => r.status !== 'Offen'))
    throw new Refused('AuftragUnveraenderlich')
  await tx
    .update(orders)
    .set({
      produktId: product.Id,
      produktName: productName(product),
      auftragsdatum: report.Auftragsdatum,
    })
    .where(eq(orders.id, existing.id))
  const split = rewardSplit(value, recommendation.anteilEmpfehler, tenant.settings.MaxEmpfaengerPraemieCent)
  for (const reward of own) {
    const wertCent = reward.beguenstigter === 'Empfehler' ? split.referrerCents : split.friendCents
    if (wertCent !== reward.wertCent)
      await tx.update(rewards).set({ wertCent, updatedAt: now }).where(eq(rewards.id, reward.id))
  }
}

/** Order cancelled: every reward not yet paid out or exported for payment is cancelled with it. */
async function cancelRewards(tx: Db, order: OrderRow, now: Date) {
  await transitionRewards(tx, {
    where: and(eq(rewards.orderId, order.id), isNull(rewards.payoutBatchId)),
    from: ['Offen', 'Bereitgestellt'],
    to: 'Storniert',
    cause: `Auftrag ${order.auftragsnummer} storniert`,
    now,
  })
}
