import 'server-only'
import { substituteKeyVisual } from '@/lib/shared/content/substitute'
import type { Locale } from '@/lib/i18n/config'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import { readWithValues } from './content-values'

/** The tenant's key visuals, placeholders substituted. */
export async function contentKeyVisuals(tenant: Tenant, locale: Locale) {
  const [visuals, v] = await readWithValues(tenant, locale, 'keyvisuals', (s) => s.keyVisuals(locale))
  return visuals.map((k) => substituteKeyVisual(k, v))
}
