import 'server-only'
import { substituteFootnote } from '@/lib/shared/content/substitute'
import type { ContentSource } from '@/lib/shared/content/types'
import type { Locale } from '@/lib/i18n/config'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import { readWithValues } from './content-values'

/** The tenant's footnotes of these identifiers (none asked, none read), placeholders substituted. */
export async function contentFootnotes(tenant: Tenant, locale: Locale, identifiers: readonly string[]) {
  if (identifiers.length === 0) return []
  const read = (s: ContentSource) => s.footnotes(identifiers, locale)
  const [notes, v] = await readWithValues(tenant, locale, 'footnotes', read)
  return notes.map((n) => substituteFootnote(n, v))
}
