import 'server-only'
import { getDb } from '@/lib/engine/db'
import { auditLog } from '@/lib/db/schema'
import { ApiError } from '@/lib/shared/errors'
import { consumeAccountToken } from '@/lib/engine/auth/one-time-token'
import { systemClock, type Clock } from '@/lib/engine/clock'
import type { User } from '@/lib/contracts/account'
import type { Tenant } from '@/lib/engine/tenants/get-tenant-or-throw'
import { findReferrerById } from './find-referrer'
import { startReferrerSession } from './start-referrer-session'

/**
 * GET /account/login/?token= (link from a mail) and the admin login by token: both use their token once
 * (TokenBereitsVerwendet on reuse, Abgelaufen after expiry). An admin login marks the session as a
 * support session and is written to the audit log.
 */
export async function loginByToken(
  tenant: Tenant,
  token: string,
  kind: 'link' | 'admin',
  clock: Clock = systemClock,
): Promise<User> {
  const db = await getDb()
  return db.transaction(async (tx) => {
    const row = await consumeAccountToken(tx, {
      tenantSlug: tenant.slug,
      token,
      purposes: [kind === 'admin' ? 'admin' : 'login'],
      clock,
    })
    const referrer = await findReferrerById(tx, tenant.slug, row.referrerId)
    if (!referrer) throw new ApiError('Abgelaufen')
    const user = await startReferrerSession(tx, tenant, referrer, { admin: kind === 'admin', clock })
    if (kind === 'admin') {
      await tx.insert(auditLog).values({
        tenantSlug: tenant.slug,
        actor: 'support',
        action: 'admin_login_used',
        subjectId: referrer.id,
        detail: { tokenId: row.id },
      })
    }
    return user
  })
}
