import 'server-only'
import type { RewardPlans } from '@/lib/contracts/agency'
import { germanToday } from '@/lib/shared/catalog/reward-periods'
import { mayEdit } from '@/lib/shared/agency/roles'
import { getDb } from '@/lib/engine/db'
import type { Clock } from '@/lib/engine/clock'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import type { AgencySessionUser } from '../agency-session'
import { livePlans, toRewardPlan } from './plan-rows'
import { rewardPlanTargets } from './targets'

const ORDER = { Aktiv: 0, Geplant: 1, Beendet: 2 } as const

/**
 * GET agentur/praemienplan: the agency's reward plans — in force first, then planned ones by their
 * start, then ended ones, latest first — with what a plan may apply to and whether the caller may add
 * and delete plans (owners, SPEC §6).
 */
export async function listRewardPlans(
  tenant: Tenant,
  user: AgencySessionUser,
  clock: Clock,
): Promise<RewardPlans> {
  const today = germanToday(clock())
  const [rows, targets] = await Promise.all([
    livePlans(await getDb(), user.agency.id),
    rewardPlanTargets(tenant),
  ])
  const names = new Map(targets.Produkte.map((p) => [p.Id, p.Name]))
  const plans = rows.map((r) => toRewardPlan(r.plan, r.createdByName, names, today))
  plans.sort(
    (a, b) =>
      ORDER[a.Status] - ORDER[b.Status] ||
      (a.Status === 'Beendet'
        ? b.Startdatum.localeCompare(a.Startdatum)
        : a.Startdatum.localeCompare(b.Startdatum)),
  )
  return { Plaene: plans, Ziele: targets, Bearbeitbar: mayEdit(user.role, 'Praemienplan') }
}
