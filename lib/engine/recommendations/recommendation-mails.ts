import 'server-only'
import type { Db } from '@/lib/engine/db'
import { isLocale } from '@/lib/i18n/config'
import { issueAccountToken } from '@/lib/engine/auth/one-time-token'
import type { Clock } from '@/lib/engine/clock'
import { portalLink } from '@/lib/engine/tenants/portal-link'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import { formatValidity } from '@/lib/engine/referrers/format-validity'
import { accountMail, sendAccountMail } from '@/lib/engine/referrers/send-account-mail'
import type { NewMail } from '@/lib/engine/mail/enqueue-mail'
import type { ReferrerRow } from '@/lib/engine/referrers/to-user'
import { extendOptInDeadline } from './pending-opt-in'
import { recommendationLink } from './recommendation-link'
import type { RecommendationRow } from './to-recommendation'

/**
 * The opt-in mail after a recommendation: the link confirms participation, logs the referrer in and
 * opens the share screen. A referrer without a password also gets the link to set one (the account was
 * created with the recommendation). The recommendations waiting for the opt-in wait as long as the new
 * link works (the earlier links stop working with it). Counted by the caller on the account's
 * participation-mail counter (WELCOME_MAILS_PER_HOUR).
 */
export async function sendParticipationMail(
  tx: Db,
  tenant: Tenant,
  referrer: ReferrerRow,
  recommendation: Pick<RecommendationRow, 'produktName'>,
  clock: Clock,
) {
  const locale = isLocale(referrer.language) ? referrer.language : 'de'
  const common = { tenantSlug: tenant.slug, referrerId: referrer.id, clock }
  const confirm = await issueAccountToken(tx, { ...common, purpose: 'participation' })
  await extendOptInDeadline(tx, referrer.id, confirm.expiresAt, clock())
  const vars = {
    confirmLink: portalLink(tenant, locale, 'Confirmation', undefined, { token: confirm.token }),
    produkt: recommendation.produktName,
    gueltigkeit: formatValidity(confirm.expiresAt, locale),
  }
  if (referrer.passwordHash) {
    await sendAccountMail(tx, tenant, referrer, 'recommendationOptin', vars)
    return
  }
  const welcome = await issueAccountToken(tx, { ...common, purpose: 'welcome' })
  await sendAccountMail(tx, tenant, referrer, 'recommendationWelcome', {
    ...vars,
    setPasswordLink: portalLink(tenant, locale, 'Registration', undefined, { token: welcome.token }),
  })
}

/**
 * The mail with the personal link of a recommendation that is shareable at once, as the outbox takes
 * it (sent with the recommendation's insert, lib/engine/recommendations/create-recommendation.ts).
 */
export function recommendationCreatedMail(
  tenant: Tenant,
  referrer: ReferrerRow,
  recommendation: Pick<RecommendationRow, 'nummer' | 'produktName' | 'expiresAt'>,
): NewMail {
  const locale = isLocale(referrer.language) ? referrer.language : 'de'
  return accountMail(tenant, referrer, 'recommendationCreated', {
    shareLink: portalLink(tenant, locale, 'Confirmation', undefined, { empfehlung: recommendation.nummer }),
    recommendationLink: recommendationLink(tenant, recommendation.nummer),
    produkt: recommendation.produktName,
    gueltigBis: formatValidity(recommendation.expiresAt!, locale),
  })
}
