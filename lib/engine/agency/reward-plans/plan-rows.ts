import 'server-only'
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm'
import { agencyRewardPlans, agencyUsers } from '@/lib/db/schema'
import type { RewardPlan } from '@/lib/contracts/agency'
import type { Db } from '@/lib/engine/db'

export type RewardPlanRow = typeof agencyRewardPlans.$inferSelect

/** The last day of an open period, for comparisons. */
export const OPEN_END = '9999-12-31'

/** Planned, in force or ended, on the German calendar day `today`. */
export function planState(
  plan: Pick<RewardPlanRow, 'startdatum' | 'enddatum'>,
  today: string,
): RewardPlan['Status'] {
  if (plan.startdatum > today) return 'Geplant'
  return plan.enddatum !== null && plan.enddatum < today ? 'Beendet' : 'Aktiv'
}

/** An agency's plans not deleted, with the name of the person who added each. */
export function livePlans(db: Db, agencyId: string, where?: SQL) {
  return db
    .select({
      plan: agencyRewardPlans,
      createdByName: sql<string>`coalesce(nullif(${agencyUsers.name}, ''), ${agencyUsers.email}, '')`,
    })
    .from(agencyRewardPlans)
    .leftJoin(agencyUsers, eq(agencyUsers.id, agencyRewardPlans.createdBy))
    .where(and(eq(agencyRewardPlans.agencyId, agencyId), isNull(agencyRewardPlans.deletedAt), where))
}

/** A plan as the Praemienplan view shows it; products named from `names` (by id). */
export function toRewardPlan(
  plan: RewardPlanRow,
  createdByName: string,
  names: ReadonlyMap<number, string>,
  today: string,
): RewardPlan {
  return {
    Id: plan.id,
    Ziel:
      plan.produktId !== null
        ? {
            Art: 'Produkt',
            ProduktId: plan.produktId,
            Name: names.get(plan.produktId) ?? `#${plan.produktId}`,
          }
        : { Art: 'Kategorie', Quelle: plan.quelle ?? '', Kategorie: plan.kategorie ?? '' },
    WertCent: plan.wertCent,
    Startdatum: plan.startdatum,
    Enddatum: plan.enddatum,
    Status: planState(plan, today),
    ErstelltVon: createdByName,
    ErstelltAm: plan.createdAt.toISOString(),
  }
}
