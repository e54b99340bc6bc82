import 'server-only'
import { and, eq, isNull } from 'drizzle-orm'
import { agencyRewardPlans } from '@/lib/db/schema'
import type { RewardPlan } from '@/lib/contracts/agency'
import { ApiError } from '@/lib/shared/errors'
import { germanToday } from '@/lib/shared/catalog/reward-periods'
import { getDb } from '@/lib/engine/db'
import type { Clock } from '@/lib/engine/clock'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import type { AgencySessionUser } from '../agency-session'
import { livePlans, planState, toRewardPlan } from './plan-rows'
import { productNames } from './targets'

/**
 * DELETE agentur/praemienplan/{id} (owners): a planned or current plan stops applying from now on. It is
 * kept with who deleted it when, so recommendations sent while it was in force keep its reward; an
 * ended plan stays as it is (PraemienplanBeendet). Another agency's plan is not found.
 */
export async function deleteRewardPlan(
  tenant: Tenant,
  user: AgencySessionUser,
  id: string,
  clock: Clock,
): Promise<RewardPlan> {
  const now = clock()
  const today = germanToday(now)
  const db = await getDb()
  const [found] = await livePlans(db, user.agency.id, eq(agencyRewardPlans.id, id)).limit(1)
  if (!found) throw new ApiError('NichtGefunden')
  if (planState(found.plan, today) === 'Beendet') throw new ApiError('PraemienplanBeendet')
  const [deleted] = await db
    .update(agencyRewardPlans)
    .set({ deletedAt: now, deletedBy: user.id })
    .where(and(eq(agencyRewardPlans.id, id), isNull(agencyRewardPlans.deletedAt)))
    .returning()
  if (!deleted) throw new ApiError('NichtGefunden')
  const names = await productNames(tenant, deleted.produktId === null ? [] : [deleted.produktId])
  return toRewardPlan(deleted, found.createdByName, names, today)
}
