import { getRequestConfig } from 'next-intl/server'
import { DEFAULT_LOCALE, isLocale } from './config'
import { messagesFor } from './messages'

// The locale comes from the [locale] segment (setRequestLocale in the tenant layout), so public pages
// render once per tenant and locale and are served from cache.
export default getRequestConfig(async ({ requestLocale }) => {
  const requested = await requestLocale
  const locale = isLocale(requested) ? requested : DEFAULT_LOCALE
  return { locale, messages: messagesFor(locale), timeZone: 'Europe/Berlin' }
})
