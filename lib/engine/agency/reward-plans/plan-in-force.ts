import 'server-only'
import { and, eq, gt, gte, isNull, lte, or, sql } from 'drizzle-orm'
import { agencyRewardPlans } from '@/lib/db/schema'
import { germanToday } from '@/lib/shared/catalog/reward-periods'
import type { Db } from '@/lib/engine/db'
import { OPEN_END } from './plan-rows'

/** The reward an agency's plan grants, with the period it runs in. */
export type PlannedReward = { WertCent: number; Startdatum: string; Enddatum: string | null }

/**
 * The agency's plan for a product that was in force at `sentAt` (the moment a recommendation was sent):
 * added before it and not deleted by then, its period covering that German day. A plan for the product
 * itself comes before one for its category. Null when none applies: the catalogue's reward counts.
 */
export async function plannedReward(
  db: Db,
  agencyId: string,
  product: { Id: number; Quelle: string; Produktkategorie: string },
  sentAt: Date,
): Promise<PlannedReward | null> {
  const day = germanToday(sentAt)
  const [plan] = await db
    .select({
      WertCent: agencyRewardPlans.wertCent,
      Startdatum: agencyRewardPlans.startdatum,
      Enddatum: agencyRewardPlans.enddatum,
    })
    .from(agencyRewardPlans)
    .where(
      and(
        eq(agencyRewardPlans.agencyId, agencyId),
        or(
          eq(agencyRewardPlans.produktId, product.Id),
          and(
            eq(agencyRewardPlans.quelle, product.Quelle),
            eq(agencyRewardPlans.kategorie, product.Produktkategorie),
          ),
        ),
        lte(agencyRewardPlans.createdAt, sentAt),
        or(isNull(agencyRewardPlans.deletedAt), gt(agencyRewardPlans.deletedAt, sentAt)),
        lte(agencyRewardPlans.startdatum, day),
        gte(sql`coalesce(${agencyRewardPlans.enddatum}, ${OPEN_END}::date)`, day),
      ),
    )
    .orderBy(sql`${agencyRewardPlans.produktId} is null`)
    .limit(1)
  return plan ?? null
}
