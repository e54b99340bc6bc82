import 'server-only'
import type { Locale } from '@/lib/i18n/config'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import { readFromSource } from './read-from-source'

/**
 * The tenant's text variables: the content source's, then the values the operator stored for the
 * tenant (ContentVariables), then those of the agency when one is named; later ones win.
 */
export async function tenantVariables(tenant: Tenant, locale: Locale, agentur?: string) {
  const fromContent = await readFromSource(tenant, 'variables', (s) => s.variables(locale))
  const values: Record<string, string> = Object.fromEntries(fromContent.map((v) => [v.Name, v.Wert]))
  Object.assign(values, tenant.settings.ContentVariables)
  if (agentur) Object.assign(values, tenant.settings.AgenturVariables[agentur] ?? {})
  return values
}
