import { getTranslations } from 'next-intl/server'
import type { Footnote } from '@/lib/shared/content/types'

/** The footnotes products on the page reference, numbered as their markers on the tiles. */
export async function FootnoteList({
  footnotes,
  unavailable,
}: {
  footnotes: Footnote[]
  unavailable: boolean
}) {
  const t = await getTranslations('Catalog')
  const tc = await getTranslations('Content')
  if (!unavailable && footnotes.length === 0) return null
  return (
    <section className="footnotes" aria-labelledby="footnotes-title">
      <h2 id="footnotes-title">{t('footnotesTitle')}</h2>
      {unavailable ? (
        <p>{tc('unavailable')}</p>
      ) : (
        <ol>
          {footnotes.map((footnote) => (
            <li key={footnote.Identifier} id={`fussnote-${footnote.Identifier}`}>
              <strong>{footnote.Titel}:</strong> {footnote.Inhalt}
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}
