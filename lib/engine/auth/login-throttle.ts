import 'server-only'
import type { Db } from '@/lib/engine/db'
import { ApiError, type ErrorCode } from '@/lib/shared/errors'
import { verifyCaptcha } from '@/lib/engine/captcha/verify-captcha'
import type { Clock } from '@/lib/engine/clock'
import { clearCounter, counterKey, reserve, type Counter, type Tally } from '@/lib/engine/limits/counter'
import type { Tenant } from '@/lib/engine/tenants/tenant'

/**
 * Failed logins per e-mail and per client IP (QUALITY 6), counted as every limit is
 * (lib/engine/limits/counter.ts). The e-mail counter runs whether or not the e-mail is registered and
 * lasts until a success, a new password or an operator clears it; an IP counter forgets failures older
 * than an hour.
 */

const IP_WINDOW_MS = 60 * 60 * 1000

export type ThrottleKeys = { email: string; ip: string | null }

export function emailKey(email: string) {
  return counterKey('email', email)
}

/** The e-mail's counter first, then the client's (when known). */
export function loginCounters(keys: ThrottleKeys): Counter[] {
  const email: Counter = { key: emailKey(keys.email), windowMs: null }
  return keys.ip ? [email, { key: counterKey('ip', keys.ip), windowMs: IP_WINDOW_MS }] : [email]
}

/** A successful login or a new password clears the e-mail's counter. */
export async function clearFailures(db: Db, tenantSlug: string, email: string) {
  await clearCounter(db, tenantSlug, emailKey(email))
}

/**
 * Checks a password under the login limits (QUALITY 6). The attempt takes its numbers on the e-mail's
 * and the client's counters before the (slow) check, so parallel attempts cannot all pass on one old
 * count: at most the tenant's LoginCaptchaAfterFailures wrong passwords are checked without a captcha,
 * and at most LoginLockAfterFailures in all before the account locks (KontoGesperrt). An attempt
 * refused before the check leaves no count behind; a right password counts nothing.
 *
 * `captcha` is the attempt's solution where the flow shows captchas (login); null where it has none (a
 * logged-in password change, bounded by the lock alone). A wrong password answers `wrong`, saying
 * whether the next try needs a captcha (CaptchaErforderlich), so the form shows it at once.
 */
export async function checkPasswordUnderLimits(
  db: Db,
  tenant: Tenant,
  args: {
    keys: ThrottleKeys
    captcha: { id?: string; answer?: string } | null
    clock: Clock
    verify: () => Promise<boolean>
    /** Locks the account once the failures reach the lock limit. */
    lock: () => Promise<void>
    wrong: Extract<ErrorCode, 'PasswortOderEmailFalsch' | 'PasswortFalsch'>
  },
): Promise<void> {
  const settings = tenant.settings
  const now = args.clock()
  const reservation = await reserve(db, tenant.slug, loginCounters(args.keys), now)
  const [email, ip] = reservation.tallies as [Tally, Tally?]
  const withCaptcha = args.captcha !== null
  try {
    if (email.counted >= settings.LoginLockAfterFailures) throw new ApiError('KontoGesperrt')
    const needsCaptcha =
      email.number > settings.LoginCaptchaAfterFailures ||
      (ip !== undefined && ip.number > settings.LoginCaptchaAfterFailuresPerIp)
    if (withCaptcha && needsCaptcha)
      await verifyCaptcha(db, {
        tenantSlug: tenant.slug,
        id: args.captcha?.id,
        answer: args.captcha?.answer,
        clock: args.clock,
      })
    // Attempts under way would take the account past its lock limit: this one waits its turn.
    if (email.number > settings.LoginLockAfterFailures)
      throw new ApiError('ZuVieleAnfragen', { captchaRequired: withCaptcha })
    if (await args.verify()) return
    const [failures = 0, ipFailures = 0] = await reservation.count()
    if (failures >= settings.LoginLockAfterFailures) {
      await args.lock()
      throw new ApiError('KontoGesperrt')
    }
    throw new ApiError(args.wrong, {
      captchaRequired:
        withCaptcha &&
        (failures >= settings.LoginCaptchaAfterFailures ||
          (ip !== undefined && ipFailures >= settings.LoginCaptchaAfterFailuresPerIp)),
    })
  } finally {
    // Refused before the check, or a right password: the attempt counts nothing (no-op after count).
    await reservation.release()
  }
}
