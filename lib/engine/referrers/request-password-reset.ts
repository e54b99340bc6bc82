import 'server-only'
import { getDb } from '@/lib/engine/db'
import { isLocale } from '@/lib/i18n/config'
import { systemClock, type Clock } from '@/lib/engine/clock'
import { issueAccountToken } from '@/lib/engine/auth/one-time-token'
import { counterKey, decide, reserve } from '@/lib/engine/limits/counter'
import { kickMailWorker } from '@/lib/engine/mail/start-mail-worker'
import { portalLink } from '@/lib/engine/tenants/portal-link'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import { isExcludedEmail } from './excluded-email'
import { findReferrerByEmail } from './find-referrer'
import { formatValidity } from './format-validity'
import { sendAccountMail } from './send-account-mail'

/**
 * One reset mail per account and minute at most, counted as every limit is (lib/engine/limits/counter.ts):
 * repeated or parallel clicks do not flood the mailbox.
 */
const RESET_MAIL_PAUSE_MS = 60 * 1000

/**
 * GET /account/resetPassword/{email}: mails a link to set a new password (and a one-time login link)
 * when the e-mail has an account. The caller always gets the same answer.
 */
export async function requestPasswordReset(tenant: Tenant, email: string, clock: Clock = systemClock) {
  const db = await getDb()
  const referrer = await findReferrerByEmail(db, tenant.slug, email)
  if (!referrer || isExcludedEmail(tenant.settings, referrer.email)) return
  const now = clock()
  // The mail takes its number first, so parallel requests cannot all pass the pause together.
  const reservation = await reserve(
    db,
    tenant.slug,
    [{ key: counterKey('reset-mail', referrer.id), windowMs: RESET_MAIL_PAUSE_MS }],
    now,
  )
  try {
    if (decide(reservation.tallies, [{ captchaAfter: null, refuseAfter: 1 }]) === 'refuse') return
    await db.transaction(async (tx) => {
      const locale = isLocale(referrer.language) ? referrer.language : 'de'
      const common = { tenantSlug: tenant.slug, referrerId: referrer.id, clock }
      const reset = await issueAccountToken(tx, { ...common, purpose: 'reset' })
      const login = await issueAccountToken(tx, { ...common, purpose: 'login' })
      await sendAccountMail(tx, tenant, referrer, 'resetPassword', {
        resetLink: portalLink(tenant, locale, 'SetPassword', undefined, { token: reset.token }),
        loginLink: portalLink(tenant, locale, 'Login', undefined, { token: login.token }),
        gueltigkeit: formatValidity(reset.expiresAt, locale),
      })
    })
    await reservation.count()
  } finally {
    await reservation.release()
  }
  kickMailWorker()
}
