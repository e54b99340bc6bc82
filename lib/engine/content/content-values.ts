import 'server-only'
import type { Values } from '@/lib/shared/content/substitute'
import type { ContentSource } from '@/lib/shared/content/types'
import type { Locale } from '@/lib/i18n/config'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import { portalBase } from '@/lib/engine/tenants/portal-link'
import { readFromSource } from './read-from-source'
import { tenantVariables } from './tenant-variables'
import { hotlineOf } from '@/lib/shared/tenants/hotline'

/**
 * What the content verbs substitute into a tenant's content as the main API answers it: the text
 * variables and the Client placeholders.
 */

/** SPEC §3 "Client (Mandant) in texts", and the tenant's hotline when the settings name one. */
export function clientPlaceholders(tenant: Tenant, locale: Locale): Values {
  const s = tenant.settings
  const hotline = hotlineOf(s, locale)
  return {
    ...(hotline ? { Hotline: hotline.nummer, HotlineTel: hotline.tel, HotlineZeiten: hotline.zeiten } : {}),
    Name: s.Name,
    ProgrammName: s.ProgrammName,
    EmpfehlenUrl: portalBase(tenant),
    'Email.Support': s.SupportEmail,
    'Produktkategorie.Kurz': s.ProduktkategorieKurz,
  }
}

/** The tenant's text variables (an agency's over them, when one is named), the Client placeholders over all. */
export async function contentValues(tenant: Tenant, locale: Locale, agentur?: string): Promise<Values> {
  return { ...(await tenantVariables(tenant, locale, agentur)), ...clientPlaceholders(tenant, locale) }
}

/**
 * Reads from the tenant's source and, at the same time, the values to substitute into what it read
 * (with an agency's text variables over the tenant's when one is named).
 */
export async function readWithValues<T>(
  tenant: Tenant,
  locale: Locale,
  kind: string,
  read: (source: ContentSource) => Promise<T>,
  agentur?: string,
): Promise<[T, Values]> {
  return Promise.all([readFromSource(tenant, kind, read), contentValues(tenant, locale, agentur)])
}
