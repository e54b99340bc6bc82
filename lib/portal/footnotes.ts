import 'server-only'
import { ContentUnavailableError, type Footnote } from '@/lib/content/types'
import { footnoteReferences, getFootnotes } from '@/lib/content/footnotes'
import type { Locale } from '@/lib/i18n/config'
import { log } from '@/lib/log'
import type { PublicTenantConfig } from '@/lib/tenants/settings'

export type PageFootnotes = {
  footnotes: Footnote[]
  /** Identifier → its number on the page (1, 2, …). */
  numbers: Record<string, number>
  unavailable: boolean
}

/**
 * The footnotes of the products a page shows. When the content source fails, the page still renders
 * and says 'Inhalt nicht verfügbar' where they would be (SPEC §8), and the failure is logged.
 */
export async function pageFootnotes(
  config: PublicTenantConfig,
  locale: Locale,
  products: readonly { Fussnote: string | null }[],
): Promise<PageFootnotes> {
  try {
    const footnotes = await getFootnotes(config, locale, footnoteReferences(products))
    const numbers = Object.fromEntries(footnotes.map((f, i) => [f.Identifier, i + 1]))
    return { footnotes, numbers, unavailable: false }
  } catch (error) {
    if (!(error instanceof ContentUnavailableError)) throw error
    log.error('Fehler beim Laden des CMS Inhalts', {
      kind: 'footnotes',
      tenant: config.Slug,
      reason: error.message,
    })
    return { footnotes: [], numbers: {}, unavailable: true }
  }
}
