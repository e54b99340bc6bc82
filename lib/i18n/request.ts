import { getRequestConfig } from 'next-intl/server'
import { DEFAULT_LOCALE, isLocale, TIME_ZONE } from './config'
import { messagesFor } from './messages'

// The locale comes from the tenant segment ("demo", "demo~en"; setRequestLocale in lib/portal/resolve.ts), so public pages
// render once per tenant and locale and are served from cache.
export default getRequestConfig(async ({ requestLocale }) => {
  const requested = await requestLocale
  const locale = isLocale(requested) ? requested : DEFAULT_LOCALE
  return { locale, messages: messagesFor(locale), timeZone: TIME_ZONE }
})
