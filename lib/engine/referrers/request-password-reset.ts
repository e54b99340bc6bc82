import 'server-only'
import { and, eq, gt } from 'drizzle-orm'
import { getDb } from '@/lib/db/client'
import { accountTokens } from '@/lib/db/schema'
import { isLocale } from '@/lib/i18n/config'
import { systemClock, type Clock } from '@/lib/engine/clock'
import { issueAccountToken } from '@/lib/engine/auth/one-time-token'
import { kickMailWorker } from '@/lib/engine/mail/start-mail-worker'
import { portalLink } from '@/lib/engine/tenants/portal-link'
import type { Tenant } from '@/lib/engine/tenants/get-tenant-or-throw'
import { isExcludedEmail } from './excluded-email'
import { findReferrerByEmail } from './find-referrer'
import { formatValidity } from './format-validity'
import { sendAccountMail } from './send-account-mail'

/** One reset mail per account and minute at most: repeated clicks do not flood the mailbox. */
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
  await db.transaction(async (tx) => {
    const [recent] = await tx
      .select({ id: accountTokens.id })
      .from(accountTokens)
      .where(
        and(
          eq(accountTokens.referrerId, referrer.id),
          eq(accountTokens.purpose, 'reset'),
          gt(accountTokens.createdAt, new Date(now.getTime() - RESET_MAIL_PAUSE_MS)),
        ),
      )
      .limit(1)
    if (recent) return
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
  kickMailWorker()
}
