import 'server-only'
import { eq, sql } from 'drizzle-orm'
import { getDb } from '@/lib/engine/db'
import { referrers } from '@/lib/db/schema'
import { hashPassword } from '@/lib/engine/auth/password'
import { clearFailures } from '@/lib/engine/auth/login-throttle'
import { ACCESS_LINK_PURPOSES, expireAccountTokens } from '@/lib/engine/auth/one-time-token'
import { systemClock, type Clock } from '@/lib/engine/clock'
import { kickMailWorker } from '@/lib/engine/mail/start-mail-worker'
import type { User } from '@/lib/contracts/account'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import { consumeReferrerToken } from './consume-referrer-token'
import { sendPasswordChangedMail } from './send-password-changed-mail'
import { assertMayLogIn, startReferrerSession } from './start-referrer-session'

/**
 * PUT /account/resetPassword: sets the password with a mailed link (welcome or password forgotten) and
 * logs in (SPEC §7.9). Ends every earlier session, lifts a lock from failed logins (whoever holds the
 * mailbox is the owner) and makes the other mailed links unusable (password links and one-time login
 * links alike: once the password is set, an older link must not open the account any more).
 */
export async function resetPassword(
  tenant: Tenant,
  input: { Token: string; Password: string },
  clock: Clock = systemClock,
): Promise<User> {
  const now = clock()
  const passwordHash = await hashPassword(input.Password)
  const db = await getDb()
  const user = await db.transaction(async (tx) => {
    const { referrer } = await consumeReferrerToken(tx, tenant, {
      token: input.Token,
      purposes: ['welcome', 'reset'],
      clock,
    })
    const unlock = referrer.locked && referrer.lockReason === 'failures'
    const checked = unlock ? { ...referrer, locked: false, lockReason: null } : referrer
    assertMayLogIn(tenant, checked)
    const [updated] = await tx
      .update(referrers)
      .set({
        passwordHash,
        passwordChangedAt: now,
        sessionVersion: sql`${referrers.sessionVersion} + 1`,
        ...(unlock ? { locked: false, lockReason: null } : {}),
      })
      .where(eq(referrers.id, referrer.id))
      .returning()
    // The other mailed links, the one-time login link of the same mail included, are of no use any more.
    await expireAccountTokens(tx, { referrerId: referrer.id, purposes: ACCESS_LINK_PURPOSES, now })
    await clearFailures(tx, tenant.slug, referrer.email)
    // A first password (completing the registration) needs no security notice.
    if (referrer.passwordHash) await sendPasswordChangedMail(tx, tenant, updated!, now)
    return startReferrerSession(tx, tenant, updated!, { clock })
  })
  kickMailWorker()
  return user
}
