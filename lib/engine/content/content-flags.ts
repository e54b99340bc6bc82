import 'server-only'
import type { Locale } from '@/lib/i18n/config'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import { readFromSource } from './read-from-source'

/** The tenant's content settings (flags), as the source has them. */
export async function contentFlags(tenant: Tenant, locale: Locale) {
  return readFromSource(tenant, 'flags', (s) => s.flags(locale))
}
