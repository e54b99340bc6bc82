import 'server-only'
import { getDb } from '@/lib/engine/db'
import { ApiError } from '@/lib/shared/errors'
import { peekAccountToken } from '@/lib/engine/auth/one-time-token'
import { systemClock, type Clock } from '@/lib/engine/clock'
import type { ValidateResetPasswordResponse } from '@/lib/contracts/account'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import { findReferrerById } from './find-referrer'

/** PUT /account/validateResetPassword: checks a mailed password link without using it. */
export async function validateResetToken(
  tenant: Tenant,
  token: string,
  clock: Clock = systemClock,
): Promise<ValidateResetPasswordResponse> {
  const db = await getDb()
  const row = await peekAccountToken(db, {
    tenantSlug: tenant.slug,
    token,
    purposes: ['welcome', 'reset'],
    clock,
  })
  const referrer = await findReferrerById(db, tenant.slug, row.referrerId)
  if (!referrer) throw new ApiError('Abgelaufen')
  return {
    Email: referrer.email,
    Zweck: row.purpose === 'welcome' ? 'Registrierung' : 'PasswortZuruecksetzen',
    GueltigBis: row.expiresAt.toISOString(),
  }
}
