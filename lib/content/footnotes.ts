import 'server-only'
import type { Locale } from '@/lib/i18n/config'
import type { PublicTenantConfig } from '@/lib/tenants/settings'
import { fileContent } from './files-source'
import { ContentUnavailableError, type Footnote } from './types'

/**
 * The footnotes with these identifiers (SPEC §7.8 `fussnoten?q=` filtered on Identifier), in the order
 * asked for; unknown identifiers are left out. Throws ContentUnavailableError when the tenant's
 * content source cannot deliver them.
 */
export async function getFootnotes(
  config: PublicTenantConfig,
  locale: Locale,
  identifiers: readonly string[],
): Promise<Footnote[]> {
  if (identifiers.length === 0) return []
  if (config.Settings.Content.Source !== 'files')
    throw new ContentUnavailableError(`content source ${config.Settings.Content.Source} not connected`)
  const content = fileContent(config.Slug, locale)
  if (!content) throw new ContentUnavailableError(`no content files for ${config.Slug}`)
  return identifiers.flatMap((id) => content.fussnoten.filter((f) => f.Identifier === id))
}

/** The footnote identifiers a list of products references, each once, in order of first reference. */
export function footnoteReferences(products: readonly { Fussnote: string | null }[]): string[] {
  return [...new Set(products.map((p) => p.Fussnote).filter((f): f is string => Boolean(f)))]
}
