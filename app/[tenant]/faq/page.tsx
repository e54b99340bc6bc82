import { getTranslations } from 'next-intl/server'
import sanitizeHtml from 'sanitize-html'
import { ContentUnavailable } from '@/components/content/content-unavailable'
import { FaqBrowser, type FaqItem } from '@/components/content/faq-browser'
import { Breadcrumbs } from '@/components/layout/breadcrumbs'
import { ClientMessages } from '@/components/ui/client-messages'
import { loadFaq } from '@/lib/portal/content'
import { resolvePortal, type PortalParams } from '@/lib/portal/resolve'
import { routeMetadata } from '@/lib/portal/route-metadata'
import { contentHtml } from '@/lib/portal/sanitize'
import { href } from '@/lib/routes/href'

// FAQ of the tenant's content: searchable accordion with deep links, cached per tenant and locale.
export const revalidate = 300
export const dynamicParams = true
export function generateStaticParams(): PortalParams[] {
  return []
}

export const generateMetadata = routeMetadata('Faq')

export default async function FaqPage({ params }: { params: Promise<PortalParams> }) {
  const { ctx } = await resolvePortal(params)
  const t = await getTranslations('Faq')
  const tc = await getTranslations('Content')
  const loaded = await loadFaq(ctx)
  const items: FaqItem[] = loaded.unavailable
    ? []
    : loaded.value.map((entry) => ({
        Anker: entry.Anker,
        Kategorie: entry.Kategorie,
        Frage: entry.Frage,
        AntwortHtml: contentHtml(entry.Antwort, ctx, tc),
        AntwortText: sanitizeHtml(entry.Antwort, { allowedTags: [], allowedAttributes: {} }),
      }))
  return (
    <>
      <Breadcrumbs ctx={ctx} trail={[{ route: 'Faq' }]} />
      <h1>{t('title')}</h1>
      <p className="lead">{t('intro')}</p>
      {loaded.unavailable ? (
        <ContentUnavailable />
      ) : (
        <ClientMessages locale={ctx.locale} namespaces={['Faq']}>
          <FaqBrowser items={items} contactHref={href(ctx, 'Contact')} />
        </ClientMessages>
      )}
    </>
  )
}
