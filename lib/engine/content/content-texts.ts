import 'server-only'
import { substituteTexts } from '@/lib/shared/content/substitute'
import type { Locale } from '@/lib/i18n/config'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import { readWithValues } from './content-values'

/**
 * The tenant's message texts for one locale (flat keys), placeholders substituted: with an agency's
 * text variables over the tenant's when one is named (content/agenturvariables, the agency area).
 */
export async function contentTexts(tenant: Tenant, locale: Locale, agentur?: string) {
  const [texts, v] = await readWithValues(tenant, locale, 'texts', (s) => s.texts(locale), agentur)
  return substituteTexts(texts, v)
}
