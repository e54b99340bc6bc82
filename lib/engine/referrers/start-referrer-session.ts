import 'server-only'
import { eq } from 'drizzle-orm'
import type { Db } from '@/lib/engine/db'
import { referrers } from '@/lib/db/schema'
import { ApiError } from '@/lib/shared/errors'
import { issueToken } from '@/lib/engine/auth/token'
import type { Clock } from '@/lib/engine/clock'
import type { User } from '@/lib/contracts/account'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import { isExcludedEmail } from './excluded-email'
import { toUser, type ReferrerRow } from './to-user'

/**
 * The end of every login path (password, e-mail link, admin token, new password): refuses locked and
 * excluded accounts with their codes, records the login and issues a new token for the referrer's
 * current session version.
 */
export async function startReferrerSession(
  db: Db,
  tenant: Tenant,
  referrer: ReferrerRow,
  options: { admin?: boolean; clock?: Clock } = {},
): Promise<User> {
  assertMayLogIn(tenant, referrer)
  const now = options.clock?.() ?? new Date()
  await db.update(referrers).set({ lastLoginAt: now }).where(eq(referrers.id, referrer.id))
  const token = issueToken(
    {
      ten: tenant.slug,
      sub: referrer.id,
      role: 'referrer',
      sv: referrer.sessionVersion,
      ...(options.admin ? { adm: true } : {}),
    },
    { clock: options.clock },
  )
  return toUser(referrer, token, options.admin === true)
}

export function assertMayLogIn(tenant: Tenant, referrer: ReferrerRow) {
  if (isExcludedEmail(tenant.settings, referrer.email)) throw new ApiError('KontoGesperrtWildcard')
  if (referrer.locked)
    throw new ApiError(referrer.lockReason === 'einzel' ? 'KontoGesperrtEinzel' : 'KontoGesperrt')
}
