import 'server-only'
import { eq, sql } from 'drizzle-orm'
import { getDb } from '@/lib/engine/db'
import { referrers } from '@/lib/db/schema'
import { ApiError } from '@/lib/shared/errors'
import { hashPassword, verifyPassword } from '@/lib/engine/auth/password'
import { checkPasswordUnderLimits } from '@/lib/engine/auth/login-throttle'
import { ACCESS_LINK_PURPOSES, expireAccountTokens } from '@/lib/engine/auth/one-time-token'
import { systemClock, type Clock } from '@/lib/engine/clock'
import { kickMailWorker } from '@/lib/engine/mail/start-mail-worker'
import type { User } from '@/lib/contracts/account'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import { sendPasswordChangedMail } from './send-password-changed-mail'
import { startReferrerSession } from './start-referrer-session'
import type { ReferrerRow } from './to-user'

/**
 * PUT /account/resetPasswordWithoutToken: a logged-in referrer changes the password with the current
 * one. A wrong current password counts as a failed login, under the login limits (PasswortFalsch, 400:
 * the session stays; at the lock limit KontoGesperrt). The change ends every other session and makes
 * mailed password and login links unusable; the answer carries the new token. Support sessions may not
 * do it.
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
  await checkPasswordUnderLimits(db, tenant, {
    keys: { email: referrer.email, ip: options.ip },
    captcha: null,
    clock,
    wrong: 'PasswortFalsch',
    verify: () => verifyPassword(referrer.passwordHash, input.OldPassword),
    lock: async () => {
      await db
        .update(referrers)
        .set({ locked: true, lockReason: 'failures', sessionVersion: sql`${referrers.sessionVersion} + 1` })
        .where(eq(referrers.id, referrer.id))
    },
  })
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
