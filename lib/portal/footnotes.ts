import 'server-only'
import { footnoteReferences } from '@/lib/shared/content/footnote-references'
import type { Footnote } from '@/lib/shared/content/types'
import type { Locale } from '@/lib/i18n/config'
import type { PublicTenantConfig } from '@/lib/shared/tenants/settings'
import { loadFootnotes } from './content'

export type PageFootnotes = {
  footnotes: Footnote[]
  /** Identifier → its number on the page (1, 2, …). */
  numbers: Record<string, number>
  unavailable: boolean
}

/**
 * The footnotes of the products a page shows. When the content source fails, the page still renders
 * and says 'Inhalt nicht verfügbar' where they would be (SPEC §8); the failure is logged.
 */
export async function pageFootnotes(
  config: PublicTenantConfig,
  locale: Locale,
  products: readonly { Fussnote: string | null }[],
): Promise<PageFootnotes> {
  const loaded = await loadFootnotes({ tenant: config.Slug, locale }, footnoteReferences(products))
  if (loaded.unavailable) return { footnotes: [], numbers: {}, unavailable: true }
  const numbers = Object.fromEntries(loaded.value.map((f, i) => [f.Identifier, i + 1]))
  return { footnotes: loaded.value, numbers, unavailable: false }
}
