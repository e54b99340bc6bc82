import 'server-only'
import type { Db } from '@/lib/engine/db'
import { isLocale } from '@/lib/i18n/config'
import type { Clock } from '@/lib/engine/clock'
import { issueAccountToken } from '@/lib/engine/auth/one-time-token'
import { record } from '@/lib/engine/limits/counter'
import { portalLink } from '@/lib/engine/tenants/portal-link'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import { accountMailCounter, type MailCounting } from './account-mail-limit'
import { formatValidity } from './format-validity'
import { sendAccountMail } from './send-account-mail'
import type { ReferrerRow } from './to-user'

/**
 * The welcome mail: a link to set the password (complete the registration) and a one-time login link.
 * Recorded on the account's welcome-mail counter (WELCOME_MAILS_PER_HOUR), unless a request that
 * reserved its number there counts it.
 */
export async function sendWelcomeMail(
  tx: Db,
  tenant: Tenant,
  referrer: ReferrerRow,
  clock: Clock,
  counting: MailCounting = 'record',
) {
  const locale = isLocale(referrer.language) ? referrer.language : 'de'
  const common = { tenantSlug: tenant.slug, referrerId: referrer.id, clock }
  const welcome = await issueAccountToken(tx, { ...common, purpose: 'welcome' })
  const login = await issueAccountToken(tx, { ...common, purpose: 'login' })
  if (counting === 'record')
    await record(tx, tenant.slug, [accountMailCounter('welcome', referrer.id)], clock())
  await sendAccountMail(tx, tenant, referrer, 'welcome', {
    setPasswordLink: portalLink(tenant, locale, 'Registration', undefined, { token: welcome.token }),
    loginLink: portalLink(tenant, locale, 'Login', undefined, { token: login.token }),
    gueltigkeit: formatValidity(welcome.expiresAt, locale),
  })
}
