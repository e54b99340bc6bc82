import 'server-only'
import { getDb } from '@/lib/engine/db'
import { auditLog } from '@/lib/db/schema'
import { systemClock, type Clock } from '@/lib/engine/clock'
import type { User } from '@/lib/contracts/account'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import { consumeReferrerToken } from './consume-referrer-token'
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
    const { tokenId, referrer } = await consumeReferrerToken(tx, tenant, {
      token,
      purposes: [kind === 'admin' ? 'admin' : 'login'],
      clock,
    })
    const user = await startReferrerSession(tx, tenant, referrer, { admin: kind === 'admin', clock })
    if (kind === 'admin') {
      await tx.insert(auditLog).values({
        tenantSlug: tenant.slug,
        actor: 'support',
        action: 'admin_login_used',
        subjectId: referrer.id,
        detail: { tokenId },
      })
    }
    return user
  })
}
