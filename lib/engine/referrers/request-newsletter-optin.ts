import 'server-only'
import { and, eq, isNull, lte, or } from 'drizzle-orm'
import { getDb } from '@/lib/engine/db'
import { referrerConsents, referrers } from '@/lib/db/schema'
import { ApiError } from '@/lib/shared/errors'
import { isLocale } from '@/lib/i18n/config'
import { messagesFor } from '@/lib/i18n/messages'
import { issueAccountToken } from '@/lib/engine/auth/one-time-token'
import { systemClock, type Clock } from '@/lib/engine/clock'
import { kickMailWorker } from '@/lib/engine/mail/start-mail-worker'
import { portalLink } from '@/lib/engine/tenants/portal-link'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import { NEWSLETTER_CONSENT_VERSION } from '@/lib/contracts/account'
import { newsletterStatus, optoutToken } from './newsletter'
import { sendAccountMail } from './send-account-mail'
import type { ReferrerRow } from './to-user'

/** A confirmation mail can be requested again once a day. */
export const OPTIN_MAIL_PAUSE_MS = 24 * 60 * 60 * 1000

/**
 * PUT /empfehler/setNewsletterOptin: sends the double opt-in mail (state pending). Answers
 * OptinAlreadySet when the permission is given, OptinMailAlreadySent while a mail of the last day is
 * unanswered. The request is stored as a consent record with the text shown and its version.
 */
export async function requestNewsletterOptin(
  tenant: Tenant,
  referrer: ReferrerRow,
  clock: Clock = systemClock,
) {
  if (!tenant.settings.ModuleNewsletterPermission) throw new ApiError('NichtAuthorisiert')
  if (referrer.newsletterPermission) throw new ApiError('OptinAlreadySet')
  const now = clock()
  const locale = isLocale(referrer.language) ? referrer.language : 'de'
  const db = await getDb()
  const updated = await db.transaction(async (tx) => {
    // The pause is checked and taken in one statement, so parallel requests cannot send two mails.
    const [row] = await tx
      .update(referrers)
      .set({ newsletterPermissionSentAt: now })
      .where(
        and(
          eq(referrers.id, referrer.id),
          or(
            isNull(referrers.newsletterPermissionSentAt),
            lte(referrers.newsletterPermissionSentAt, new Date(now.getTime() - OPTIN_MAIL_PAUSE_MS)),
          ),
        ),
      )
      .returning()
    if (!row) throw new ApiError('OptinMailAlreadySent')
    await tx.insert(referrerConsents).values({
      referrerId: referrer.id,
      kind: 'newsletter',
      action: 'requested',
      textVersion: NEWSLETTER_CONSENT_VERSION,
      text: messagesFor(locale).Newsletter.consentText,
      createdAt: now,
    })
    const optin = await issueAccountToken(tx, {
      tenantSlug: tenant.slug,
      referrerId: referrer.id,
      purpose: 'newsletter',
      clock,
    })
    await sendAccountMail(tx, tenant, referrer, 'newsletterOptin', {
      optinLink: portalLink(tenant, locale, 'NewsletterRecommenderOptIn', undefined, { token: optin.token }),
      optoutLink: portalLink(tenant, locale, 'NewsletterRecommenderOptOut', undefined, {
        token: optoutToken(referrer.id),
      }),
    })
    return row!
  })
  kickMailWorker()
  return newsletterStatus(updated)
}
