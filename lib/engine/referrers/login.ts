import 'server-only'
import { eq, sql } from 'drizzle-orm'
import { getDb } from '@/lib/engine/db'
import { referrers } from '@/lib/db/schema'
import { ApiError } from '@/lib/shared/errors'
import { verifyPassword } from '@/lib/engine/auth/password'
import { checkPasswordUnderLimits, clearFailures } from '@/lib/engine/auth/login-throttle'
import { systemClock, type Clock } from '@/lib/engine/clock'
import type { LoginRequest, User } from '@/lib/contracts/account'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import { isExcludedEmail } from './excluded-email'
import { findReferrerByEmail } from './find-referrer'
import { startReferrerSession } from './start-referrer-session'
import { normalizeEmail } from './to-user'

/**
 * POST /account/login. Failed logins are counted per e-mail and per IP, atomically before the password
 * is checked (checkPasswordUnderLimits): from the tenant's captcha limit on a solved captcha is demanded
 * (CaptchaRequired, CaptchaWrong; the failure that reaches the limit says so already), at the lock limit
 * the account locks (KontoGesperrt). Unknown e-mail and wrong password give the same answer after the
 * same work, and the counters run for unknown e-mails too, so no answer reveals whether an e-mail is
 * registered.
 */
export async function login(
  tenant: Tenant,
  input: LoginRequest,
  options: { ip?: string | null; clock?: Clock } = {},
): Promise<User> {
  const clock = options.clock ?? systemClock
  const email = normalizeEmail(input.Email)
  if (isExcludedEmail(tenant.settings, email)) throw new ApiError('KontoGesperrtWildcard')
  const db = await getDb()
  const referrer = await findReferrerByEmail(db, tenant.slug, email)
  await checkPasswordUnderLimits(db, tenant, {
    keys: { email, ip: options.ip ?? null },
    captcha: { id: input.CaptchaId, answer: input.CaptchaLoesung },
    clock,
    wrong: 'PasswortOderEmailFalsch',
    // Unknown e-mail and wrong password: the same answer after the same work.
    verify: async () => (await verifyPassword(referrer?.passwordHash ?? null, input.Password)) && !!referrer,
    lock: async () => {
      if (!referrer || referrer.locked) return
      // Locking ends every session of the account.
      await db
        .update(referrers)
        .set({ locked: true, lockReason: 'failures', sessionVersion: sql`${referrers.sessionVersion} + 1` })
        .where(eq(referrers.id, referrer.id))
    },
  })
  const user = await startReferrerSession(db, tenant, referrer!, { clock })
  await clearFailures(db, tenant.slug, email)
  return user
}
