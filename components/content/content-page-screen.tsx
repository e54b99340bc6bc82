import { notFound } from 'next/navigation'
import { getTranslations } from 'next-intl/server'
import { Breadcrumbs } from '@/components/layout/breadcrumbs'
import type { PageKey } from '@/lib/shared/content/types'
import { formatIsoDate } from '@/lib/shared/german-date'
import { loadContentPage } from '@/lib/portal/content'
import type { PortalContext } from '@/lib/routes/href'
import type { RouteName } from '@/lib/routes/table'
import { ContentUnavailable } from './content-unavailable'
import { RichHtml } from './rich-html'

/** Pages with more sections than this get a list of them at the top. */
const TOC_FROM_SECTIONS = 4

/**
 * A legal or information page of the tenant's content (imprint, privacy, terms, accessibility): title,
 * date of the version, lead text and its sections. Without content the page says so; a page the
 * tenant's content does not have is not found.
 */
export async function ContentPageScreen({
  ctx,
  route,
  pageKey,
}: {
  ctx: PortalContext
  route: RouteName
  pageKey: PageKey
}) {
  const loaded = await loadContentPage(ctx, pageKey)
  const tr = await getTranslations('Routes')
  const t = await getTranslations('Content')
  if (loaded.unavailable) {
    return (
      <>
        <Breadcrumbs ctx={ctx} trail={[{ route }]} />
        <h1>{tr(route)}</h1>
        <ContentUnavailable />
      </>
    )
  }
  const page = loaded.value
  if (!page) notFound()
  const sections = page.Inhalte.map((section, i) => ({ ...section, anchor: `abschnitt-${i + 1}` }))
  return (
    <>
      <Breadcrumbs ctx={ctx} trail={[{ route, label: page.Titel }]} />
      <article className="content-page" aria-labelledby="content-title">
        <h1 id="content-title">{page.Titel}</h1>
        {page.Stand && (
          <p className="content-page__stand">{t('stand', { datum: formatIsoDate(page.Stand) })}</p>
        )}
        {page.Einleitung && <RichHtml html={page.Einleitung} ctx={ctx} className="lead" />}
        {sections.length >= TOC_FROM_SECTIONS && (
          <nav className="content-page__toc" aria-labelledby="content-toc">
            <h2 id="content-toc">{t('toc')}</h2>
            <ol>
              {sections
                .filter((s) => s.Titel)
                .map((s) => (
                  <li key={s.Id}>
                    <a href={`#${s.anchor}`}>{s.Titel}</a>
                  </li>
                ))}
            </ol>
          </nav>
        )}
        {sections.map((s) => (
          <section key={s.Id} id={s.anchor} aria-labelledby={s.Titel ? `${s.anchor}-titel` : undefined}>
            {s.Titel && <h2 id={`${s.anchor}-titel`}>{s.Titel}</h2>}
            <RichHtml html={s.Html} ctx={ctx} />
          </section>
        ))}
      </article>
    </>
  )
}
