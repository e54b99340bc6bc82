import 'server-only'
import type { Db } from '@/lib/engine/db'
import { ApiError } from '@/lib/shared/errors'
import { consumeAccountToken, type TokenPurpose } from '@/lib/engine/auth/one-time-token'
import type { Clock } from '@/lib/engine/clock'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import { findReferrerById } from './find-referrer'
import type { ReferrerRow } from './to-user'

/**
 * Uses a mailed link's token once (consumeAccountToken: Abgelaufen, TokenBereitsVerwendet) and reads the
 * referrer it was issued to, in the caller's transaction. A referrer deleted since answers Abgelaufen.
 */
export async function consumeReferrerToken(
  tx: Db,
  tenant: Tenant,
  args: { token: string; purposes: readonly TokenPurpose[]; clock: Clock },
): Promise<{ tokenId: string; referrer: ReferrerRow }> {
  const used = await consumeAccountToken(tx, { tenantSlug: tenant.slug, ...args })
  const referrer = await findReferrerById(tx, tenant.slug, used.referrerId)
  if (!referrer) throw new ApiError('Abgelaufen')
  return { tokenId: used.id, referrer }
}
