import 'server-only'
import { eq, sql } from 'drizzle-orm'
import { getDb } from '@/lib/db/client'
import { referrers } from '@/lib/db/schema'
import { ApiError } from '@/lib/errors'
import { hashPassword, verifyPassword } from '@/lib/engine/auth/password'
import { recordFailure } from '@/lib/engine/auth/login-throttle'
import { ACCESS_LINK_PURPOSES, expireAccountTokens } from '@/lib/engine/auth/one-time-token'
import { systemClock, type Clock } from '@/lib/engine/clock'
import { kickMailWorker } from '@/lib/engine/mail/start-mail-worker'
import type { User } from '@/lib/contracts/account'
import type { Tenant } from '@/lib/engine/tenants/get-tenant-or-throw'
import { sendPasswordChangedMail } from './send-password-changed-mail'
import { startReferrerSession } from './start-referrer-session'
import type { ReferrerRow } from './to-user'

/**
 * PUT /account/resetPasswordWithoutToken: a logged-in referrer changes the password with the current
 * one. A wrong current password counts as a failed login (PasswortFalsch, 400: the session stays). The
 * change ends every other session and makes mailed password and login links unusable; the answer
 * carries the new token. Support sessions may not do it.
 */
export async function changePassword(
  tenant: Tenant,
  referrer: ReferrerRow,
  input: { OldPassword: string; Password: string },
  options: { admin: boolean; ip: string | null; clock?: Clock },
): Promise<User> {
  if (options.admin) throw new ApiError('NichtAuthorisiert')
  const clock = options.clock ?? systemClock
  const now = clock()
  const db = await getDb()
  if (!(await verifyPassword(referrer.passwordHash, input.OldPassword))) {
    const failures = await recordFailure(db, tenant.slug, { email: referrer.email, ip: options.ip }, now)
    if (failures >= tenant.settings.LoginLockAfterFailures) {
      await db
        .update(referrers)
        .set({ locked: true, lockReason: 'failures', sessionVersion: sql`${referrers.sessionVersion} + 1` })
        .where(eq(referrers.id, referrer.id))
      throw new ApiError('KontoGesperrt')
    }
    throw new ApiError('PasswortFalsch')
  }
  const passwordHash = await hashPassword(input.Password)
  const user = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(referrers)
      .set({ passwordHash, passwordChangedAt: now, sessionVersion: sql`${referrers.sessionVersion} + 1` })
      .where(eq(referrers.id, referrer.id))
      .returning()
    await expireAccountTokens(tx, { referrerId: referrer.id, purposes: ACCESS_LINK_PURPOSES, now })
    await sendPasswordChangedMail(tx, tenant, updated!, now)
    return startReferrerSession(tx, tenant, updated!, { clock })
  })
  kickMailWorker()
  return user
}
