import { getRequestConfig } from 'next-intl/server'
import { loadTextOverrides } from '@/lib/portal/content'
import { log } from '@/lib/shared/log'
import { DEFAULT_LOCALE, isLocale, TIME_ZONE } from '@/lib/i18n/config'
import { messagesFor } from '@/lib/i18n/messages'
import { withOverrides } from '@/lib/i18n/overrides'
import { decodeRequestLocale } from '@/lib/i18n/request-locale'

// The locale comes from the tenant segment ("demo", "demo~en"; setRequestLocale in lib/portal/resolve.ts),
// together with the tenant, whose own texts (content/getlanguagecontent) replace the portal's; so public
// pages render once per tenant and locale and are served from cache.
export default getRequestConfig(async ({ requestLocale }) => {
  const { locale: requested, tenant } = decodeRequestLocale(await requestLocale)
  const locale = isLocale(requested) ? requested : DEFAULT_LOCALE
  const base = messagesFor(locale)
  const messages = tenant
    ? withOverrides(base, await loadTextOverrides({ tenant, locale }), locale, (key) =>
        log.warn('tenant text skipped: unknown key or broken message', { tenant, locale, key }),
      )
    : base
  return { locale, messages, timeZone: TIME_ZONE }
})
