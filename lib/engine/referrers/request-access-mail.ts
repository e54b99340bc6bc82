import 'server-only'
import { getDb } from '@/lib/engine/db'
import { isLocale } from '@/lib/i18n/config'
import { systemClock, type Clock } from '@/lib/engine/clock'
import { issueAccountToken } from '@/lib/engine/auth/one-time-token'
import { counterKey, decide, reserve } from '@/lib/engine/limits/counter'
import { kickMailWorker } from '@/lib/engine/mail/start-mail-worker'
import { portalLink } from '@/lib/engine/tenants/portal-link'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import type { MailLinkPurpose } from '@/lib/contracts/account'
import { isExcludedEmail } from './excluded-email'
import { findReferrerByEmail } from './find-referrer'
import { formatValidity } from './format-validity'
import { sendAccountMail } from './send-account-mail'

/**
 * One access mail (new password or login link) per account and minute at most, counted as every limit is
 * (lib/engine/limits/counter.ts): repeated or parallel clicks do not flood the mailbox.
 */
const ACCESS_MAIL_PAUSE_MS = 60 * 1000

/**
 * GET /account/resetPassword/{email}?zweck=: mails a way into the account when the e-mail has one, the
 * same answer to the caller either way.
 * - `passwort` (default): a link to set a new password, and a one-time login link;
 * - `anmeldung`: a one-time login link only (SPEC §1: the personal area through the e-mail link without
 *   login), for referrers who never set a password or do not want to type it on a phone.
 */
export async function requestAccessMail(
  tenant: Tenant,
  email: string,
  zweck: MailLinkPurpose = 'passwort',
  clock: Clock = systemClock,
) {
  const db = await getDb()
  const referrer = await findReferrerByEmail(db, tenant.slug, email)
  if (!referrer || isExcludedEmail(tenant.settings, referrer.email)) return
  const now = clock()
  // The mail takes its number first, so parallel requests cannot all pass the pause together.
  const reservation = await reserve(
    db,
    tenant.slug,
    [{ key: counterKey('reset-mail', referrer.id), windowMs: ACCESS_MAIL_PAUSE_MS }],
    now,
  )
  try {
    if (decide(reservation.tallies, [{ captchaAfter: null, refuseAfter: 1 }]) === 'refuse') return
    await reservation.countedTransaction(async (tx) => {
      const locale = isLocale(referrer.language) ? referrer.language : 'de'
      const common = { tenantSlug: tenant.slug, referrerId: referrer.id, clock }
      const login = await issueAccountToken(tx, { ...common, purpose: 'login' })
      const loginLink = portalLink(tenant, locale, 'Login', undefined, { token: login.token })
      if (zweck === 'anmeldung') {
        await sendAccountMail(tx, tenant, referrer, 'loginLink', {
          loginLink,
          gueltigkeit: formatValidity(login.expiresAt, locale),
        })
        return
      }
      const reset = await issueAccountToken(tx, { ...common, purpose: 'reset' })
      await sendAccountMail(tx, tenant, referrer, 'resetPassword', {
        resetLink: portalLink(tenant, locale, 'SetPassword', undefined, { token: reset.token }),
        loginLink,
        gueltigkeit: formatValidity(reset.expiresAt, locale),
      })
    })
  } finally {
    await reservation.release()
  }
  kickMailWorker()
}
