import 'server-only'
import type { Db } from '@/lib/engine/db'
import { isLocale } from '@/lib/i18n/config'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import { portalLink } from '@/lib/engine/tenants/portal-link'
import { formatValidity } from './format-validity'
import { sendAccountMail } from './send-account-mail'
import type { ReferrerRow } from './to-user'

/** Security notice after a password change: whoever did not change it contacts support. */
export async function sendPasswordChangedMail(tx: Db, tenant: Tenant, referrer: ReferrerRow, at: Date) {
  const locale = isLocale(referrer.language) ? referrer.language : 'de'
  await sendAccountMail(tx, tenant, referrer, 'passwordChanged', {
    zeitpunkt: formatValidity(at, locale),
    forgotLink: portalLink(tenant, locale, 'ForgotPassword'),
  })
}
