import 'server-only'
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm'
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
  const [rows, needs] = await Promise.all([
    withProgress(db, referrer.id),
    needsBankData(db, tenant, { beguenstigter: 'Empfehler', referrerId: referrer.id, recipientId: null }),
  ])
  const now = clock()
  return rows.map(({ recommendation: row, recipientConfirmed, productLinkVisited, order, reward }) => {
    const base = toRecommendation(tenant, row, now)
    const friend = friendProgress(recipientConfirmed, productLinkVisited)
    const reacted = friend === 'entered' || friend === 'confirmed' || friend === 'ordering'
    return {
      ...base,
      Reagiert: reacted,
      PraemieEmpfehlerCent: recommendationRewardSplit(tenant, row).referrerCents,
      Auftrag: order
        ? { Auftragsdatum: order.auftragsdatum, Status: order.status, Produkt: order.produktName }
        : null,
      Praemierung: reward
        ? {
            PraemieId: reward.nummer,
            WertCent: reward.wertCent,
            Status: reward.status,
            Auswahl: reward.auswahl,
          }
        : null,
      Statusleiste: statusBar({
        recommendation: base.Status,
        friend,
        order: order
          ? {
              status: order.status,
              auftragsdatum: order.auftragsdatum,
              awaitingRelease: order.awaitingRelease,
            }
          : null,
        reward,
        needsBankData: needs,
      }),
    }
  })
}

type LatestOrder = {
  auftragsdatum: string
  status: OrderState
  produktName: string
  awaitingRelease: boolean
}
type OwnReward = { nummer: string; wertCent: number; status: RewardState; auswahl: RewardChoice | null }

/**
 * The referrer's confirmed recommendations, newest first, each with what happened after sending, in one
 * statement: whether a friend entered data (and confirmed it), whether the friend was sent on to the
 * order page, the latest order, and the referrer's own latest standard reward.
 */
function withProgress(db: Db, referrerId: string) {
  // Drizzle names a selected field's columns without their table, and a name inside a subquery means the
  // subquery's own table: the recommendation's id is named with its table, so it is the outer row's.
  const id = sql`${recommendations}.${sql.identifier(recommendations.id.name)}`
  // Newest first; created in the same millisecond, the number keeps the order the same on each view.
  return db
    .select({
      recommendation: recommendations,
      recipientConfirmed: sql<boolean | null>`(select bool_or(${recipients.confirmedAt} is not null)
        from ${recipients} where ${recipients.recommendationId} = ${id})`,
      productLinkVisited: sql<boolean | null>`(select bool_or(${recommendationVisits.kind} = 'produktlink')
        from ${recommendationVisits} where ${recommendationVisits.recommendationId} = ${id})`,
      // The newest report counts (one without a report time is the newest, as PostgreSQL sorts nulls).
      order: sql<LatestOrder | null>`(select json_build_object('auftragsdatum', ${orders.auftragsdatum},
        'status', ${orders.status}, 'produktName', ${orders.produktName},
        'awaitingRelease', ${orders.agencyId} is not null and ${orders.releasedAt} is null)
        from ${orders} where ${orders.recommendationId} = ${id} order by ${orders.reportedAt} desc limit 1)`,
      reward: sql<OwnReward | null>`(select json_build_object('nummer', ${rewards.nummer},
        'wertCent', ${rewards.wertCent}, 'status', ${rewards.status}, 'auswahl', ${rewards.auswahl})
        from ${rewards} where ${rewards.recommendationId} = ${id} and ${rewards.beguenstigter} = 'Empfehler'
          and ${rewards.art} = 'Standard' and ${rewards.referrerId} = ${referrerId}
        order by ${rewards.createdAt} desc limit 1)`,
    })
    .from(recommendations)
    .where(and(eq(recommendations.referrerId, referrerId), isNotNull(recommendations.activatedAt)))
    .orderBy(desc(recommendations.createdAt), desc(recommendations.nummer))
    .limit(500)
}

/** How far the friend came: data entered (and confirmed), or sent on to the order page, or the link opened. */
function friendProgress(
  recipientConfirmed: boolean | null,
  productLinkVisited: boolean | null,
): FriendProgress {
  if (productLinkVisited) return 'ordering'
  if (recipientConfirmed !== null) return recipientConfirmed ? 'confirmed' : 'entered'
  return productLinkVisited === false ? 'opened' : 'none'
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
