import 'server-only'
import { rewardSplit } from '@/lib/shared/share/share-links'
import type { Tenant } from '@/lib/engine/tenants/tenant'

/**
 * The parts of a stored recommendation's reward for referrer and friend: its value (none: 0) under the
 * referrer's share, the friend's part capped by the tenant's MaxEmpfaengerPraemieCent (SPEC §3).
 */
export function recommendationRewardSplit(
  tenant: Tenant,
  recommendation: { praemieWertCent: number | null; anteilEmpfehler: number },
) {
  return rewardSplit(
    recommendation.praemieWertCent ?? 0,
    recommendation.anteilEmpfehler,
    tenant.settings.MaxEmpfaengerPraemieCent,
  )
}
