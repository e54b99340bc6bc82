import { getRequestConfig } from 'next-intl/server'
import { loadTextOverrides } from '@/lib/portal/content'
import { log } from '@/lib/shared/log'
import { DEFAULT_LOCALE, isLocale, TIME_ZONE, type Locale } from '@/lib/i18n/config'
import { messagesFor, type Messages } from '@/lib/i18n/messages'
import { withOverrides } from '@/lib/i18n/overrides'
import type { TextOverrides } from '@/lib/shared/content/types'
import { decodeRequestLocale } from '@/lib/i18n/request-locale'

// The locale comes from the tenant segment ("demo", "demo~en"; setRequestLocale in lib/portal/resolve.ts),
// together with the tenant, whose own texts (content/getlanguagecontent) replace the portal's; so public
// pages render once per tenant and locale and are served from cache.
export default getRequestConfig(async ({ requestLocale }) => {
  const { locale: requested, tenant } = decodeRequestLocale(await requestLocale)
  const locale = isLocale(requested) ? requested : DEFAULT_LOCALE
  const base = messagesFor(locale)
  const messages = tenant ? tenantMessages(tenant, locale, await loadTextOverrides({ tenant, locale })) : base
  return { locale, messages, timeZone: TIME_ZONE }
})

/**
 * The messages with a tenant's own texts, merged once per tenant, locale and set of texts: every
 * per-request page needs them, and merging copies the whole catalogue. A changed set of texts (the
 * content cache renewed) is merged anew; the kept entries are one per tenant and locale.
 */
const merged = new Map<string, { texts: string; messages: Messages }>()

function tenantMessages(tenant: string, locale: Locale, overrides: TextOverrides): Messages {
  const key = `${tenant}\u0000${locale}`
  const texts = JSON.stringify(overrides)
  const known = merged.get(key)
  if (known?.texts === texts) return known.messages
  const messages = withOverrides(messagesFor(locale), overrides, locale, (text) =>
    log.warn('tenant text skipped: unknown key or broken message', { tenant, locale, key: text }),
  )
  merged.set(key, { texts, messages })
  return messages
}
