import 'server-only'
import { ApiError } from '@/lib/shared/errors'
import { germanToday } from '@/lib/shared/catalog/reward-periods'
import type { Praemie } from '@/lib/contracts/catalog'
import type { PraemieEintrag } from '@/lib/contracts/rewards'
import type { Locale } from '@/lib/i18n/config'
import { systemClock, type Clock } from '@/lib/engine/clock'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import { collectRewards, findReward } from './collect-rewards'
import { queryProducts } from './product-source'

/**
 * GET /praemie (SPEC §7.4): the reward periods active today (SPEC §4, German date) and the next ones,
 * taken from the products the tenant offers. Reading them through the product source rather than the
 * reward table keeps the list right in every product API mode (builtin, provider, mixed) and leaves
 * out the hidden products, exactly as the product tiles do.
 */
export async function listRewards(
  tenant: Tenant,
  locale: Locale,
  clock: Clock = systemClock,
): Promise<PraemieEintrag[]> {
  return collectRewards(await queryProducts(tenant, locale), germanToday(clock()))
}

/**
 * One reward period of the tenant's products by id, for its pictures. Any period counts, not only
 * today's: a reward chosen earlier keeps its picture after its period has ended.
 */
export async function getRewardOrThrow(tenant: Tenant, locale: Locale, id: number): Promise<Praemie> {
  const reward = findReward(await queryProducts(tenant, locale), id)
  if (!reward) throw new ApiError('NichtGefunden')
  return reward
}
