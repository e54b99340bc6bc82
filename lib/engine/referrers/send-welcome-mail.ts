import 'server-only'
import type { Db } from '@/lib/engine/db'
import { isLocale } from '@/lib/i18n/config'
import type { Clock } from '@/lib/engine/clock'
import { issueAccountToken } from '@/lib/engine/auth/one-time-token'
import { portalLink } from '@/lib/engine/tenants/portal-link'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import { formatValidity } from './format-validity'
import { sendAccountMail } from './send-account-mail'
import type { ReferrerRow } from './to-user'

/**
 * The welcome mail: a link to set the password (complete the registration) and a one-time login link.
 * Counted by the caller on the account's welcome-mail counter (WELCOME_MAILS_PER_HOUR).
 */
export async function sendWelcomeMail(tx: Db, tenant: Tenant, referrer: ReferrerRow, clock: Clock) {
  const locale = isLocale(referrer.language) ? referrer.language : 'de'
  const common = { tenantSlug: tenant.slug, referrerId: referrer.id, clock }
  const welcome = await issueAccountToken(tx, { ...common, purpose: 'welcome' })
  const login = await issueAccountToken(tx, { ...common, purpose: 'login' })
  await sendAccountMail(tx, tenant, referrer, 'welcome', {
    setPasswordLink: portalLink(tenant, locale, 'Registration', undefined, { token: welcome.token }),
    loginLink: portalLink(tenant, locale, 'Login', undefined, { token: login.token }),
    gueltigkeit: formatValidity(welcome.expiresAt, locale),
  })
}
