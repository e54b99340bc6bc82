import 'server-only'
import { substituteFaq } from '@/lib/shared/content/substitute'
import type { Locale } from '@/lib/i18n/config'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import { readWithValues } from './content-values'

/** The tenant's FAQ, placeholders substituted. */
export async function contentFaq(tenant: Tenant, locale: Locale) {
  const [faq, v] = await readWithValues(tenant, locale, 'faq', (s) => s.faq(locale))
  return faq.map((f) => substituteFaq(f, v))
}
