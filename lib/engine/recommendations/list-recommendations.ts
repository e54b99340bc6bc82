import 'server-only'
import { and, asc, desc, eq, inArray, isNotNull } from 'drizzle-orm'
import { getDb, type Db } from '@/lib/engine/db'
import { orders, recipients, recommendations, recommendationVisits, rewards } from '@/lib/db/schema'
import type { OrderState, RewardChoice, RewardState } from '@/lib/contracts/praemierung'
import { statusBar, type FriendProgress } from '@/lib/engine/rewards/status-bar'
import { needsBankData } from '@/lib/engine/rewards/needs-bank-data'
import { ApiError } from '@/lib/shared/errors'
import type { Recommendation } from '@/lib/contracts/recommendation'
import type { TokenClaims } from '@/lib/engine/auth/token'
import { systemClock, type Clock } from '@/lib/engine/clock'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import { getReferrerForSession } from '@/lib/engine/referrers/get-referrer-for-session'
import { toRecommendation } from './to-recommendation'
import { recommendationRewardSplit } from './reward-split'

/**
 * GET /empfehler/empfehlungen/: the logged-in referrer's recommendations, newest first. One that waits
 * for the opt-in is not shown: anyone may have typed the referrer's address into the form, so it is
 * the referrer's only once the mailed link confirmed it (lib/engine/recommendations/pending-opt-in.ts).
 */
export async function listRecommendations(
  tenant: Tenant,
  auth: TokenClaims,
  clock: Clock = systemClock,
): Promise<Recommendation[]> {
  const referrer = await getReferrerForSession(tenant.slug, auth)
  const db = await getDb()
  const rows = await db
    .select()
    .from(recommendations)
    .where(and(eq(recommendations.referrerId, referrer.id), isNotNull(recommendations.activatedAt)))
    .orderBy(desc(recommendations.createdAt))
    .limit(500)
  const now = clock()
  const progress = await progressOf(
    db,
    tenant,
    referrer.id,
    rows.map((r) => r.id),
  )
  return rows.map((row) => {
    const base = toRecommendation(tenant, row, now)
    const friend = progress.friend.get(row.id) ?? 'none'
    const reacted = friend === 'entered' || friend === 'confirmed' || friend === 'ordering'
    const order = progress.orders.get(row.id) ?? null
    const reward = progress.rewards.get(row.id) ?? null
    return {
      ...base,
      Reagiert: reacted,
      PraemieEmpfehlerCent: recommendationRewardSplit(tenant, row).referrerCents,
      Auftrag: order
        ? {
            Auftragsdatum: order.auftragsdatum,
            Status: order.status as OrderState,
            Produkt: order.produktName,
          }
        : null,
      Praemierung: reward
        ? {
            PraemieId: reward.nummer,
            WertCent: reward.wertCent,
            Status: reward.status as RewardState,
            Auswahl: reward.auswahl as RewardChoice | null,
          }
        : null,
      Statusleiste: statusBar({
        recommendation: base.Status,
        friend,
        order: order
          ? {
              status: order.status as OrderState,
              auftragsdatum: order.auftragsdatum,
              awaitingRelease: order.agencyId !== null && order.releasedAt === null,
            }
          : null,
        reward: reward
          ? {
              nummer: reward.nummer,
              status: reward.status as RewardState,
              auswahl: reward.auswahl as RewardChoice | null,
            }
          : null,
        needsBankData: progress.needsBankData,
      }),
    }
  })
}

/**
 * What happened after sending, per recommendation: how far the friend came (link opened, data entered,
 * confirmed, sent on to the order page), the latest order, and the referrer's own standard reward; and
 * whether cash needs bank data the referrer has not stored.
 */
async function progressOf(db: Db, tenant: Tenant, referrerId: string, ids: string[]) {
  const needs = await needsBankData(db, tenant, { beguenstigter: 'Empfehler', referrerId, recipientId: null })
  if (ids.length === 0)
    return {
      friend: new Map<string, FriendProgress>(),
      orders: new Map(),
      rewards: new Map(),
      needsBankData: needs,
    }
  const [recipientRows, visitRows, orderRows, rewardRows] = await Promise.all([
    db
      .select({
        id: recipients.recommendationId,
        confirmedAt: recipients.confirmedAt,
      })
      .from(recipients)
      .where(inArray(recipients.recommendationId, ids)),
    db
      .selectDistinct({ id: recommendationVisits.recommendationId, kind: recommendationVisits.kind })
      .from(recommendationVisits)
      .where(inArray(recommendationVisits.recommendationId, ids)),
    db.select().from(orders).where(inArray(orders.recommendationId, ids)).orderBy(asc(orders.reportedAt)),
    db
      .select()
      .from(rewards)
      .where(
        and(
          inArray(rewards.recommendationId, ids),
          eq(rewards.beguenstigter, 'Empfehler'),
          eq(rewards.art, 'Standard'),
          eq(rewards.referrerId, referrerId),
        ),
      )
      .orderBy(asc(rewards.createdAt)),
  ])
  // A later order (or its reward) of the same recommendation replaces an earlier one: the newest counts.
  const rank: FriendProgress[] = ['none', 'opened', 'entered', 'confirmed', 'ordering']
  const friend = new Map<string, FriendProgress>()
  const raise = (id: string, to: FriendProgress) => {
    if (rank.indexOf(to) > rank.indexOf(friend.get(id) ?? 'none')) friend.set(id, to)
  }
  for (const v of visitRows) raise(v.id, v.kind === 'produktlink' ? 'ordering' : 'opened')
  for (const r of recipientRows) raise(r.id, r.confirmedAt ? 'confirmed' : 'entered')
  return {
    friend,
    orders: new Map(orderRows.map((o) => [o.recommendationId, o])),
    rewards: new Map(rewardRows.map((r) => [r.recommendationId!, r])),
    needsBankData: needs,
  }
}

/**
 * GET /empfehlen/{nr}: one confirmed recommendation of the logged-in referrer (anyone else's, and one
 * still waiting for the opt-in, is not found).
 */
export async function getOwnRecommendation(
  tenant: Tenant,
  auth: TokenClaims,
  nummer: string,
  clock: Clock = systemClock,
): Promise<Recommendation> {
  const referrer = await getReferrerForSession(tenant.slug, auth)
  const db = await getDb()
  const [row] = await db
    .select()
    .from(recommendations)
    .where(
      and(
        eq(recommendations.referrerId, referrer.id),
        eq(recommendations.nummer, nummer),
        isNotNull(recommendations.activatedAt),
      ),
    )
    .limit(1)
  if (!row) throw new ApiError('NichtGefunden')
  return toRecommendation(tenant, row, clock())
}
