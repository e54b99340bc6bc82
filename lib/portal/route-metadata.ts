import 'server-only'
import type { Metadata } from 'next'
import { getTranslations } from 'next-intl/server'
import type { Locale } from '@/lib/i18n/config'
import type { RouteName } from '@/lib/routes/table'
import { resolvePortal, type PortalParams } from './resolve'

/**
 * The friend's pages of a recommendation (the landing and the data form) are reached through a link the
 * referrer may post where anyone reads it, so search engines may crawl and index them like any public
 * page; their results show no text of the page (the referrer's name) and no stored copy, and the
 * crawler follows none of their links. Screens sent to one person only stay out entirely (`personal`).
 */
export const SHARED_LINK_ROBOTS = {
  index: true,
  follow: false,
  nosnippet: true,
  noarchive: true,
  noimageindex: true,
} satisfies Metadata['robots']

/**
 * generateMetadata of a screen titled with its route's name (messages Routes), e.g.
 * `export const generateMetadata = routeMetadata('Privacy')`. Screens only the person they were sent
 * to may see stay out of search engines (`personal`).
 */
export function routeMetadata(route: RouteName, options: { personal?: boolean } = {}) {
  return async function generateMetadata({ params }: { params: Promise<PortalParams> }): Promise<Metadata> {
    const { ctx } = await resolvePortal(params)
    const t = await getTranslations({ locale: ctx.locale, namespace: 'Routes' })
    return options.personal ? { title: t(route), robots: { index: false } } : { title: t(route) }
  }
}

/**
 * The not-found screen's title ("Seite nicht gefunden"; the layout adds the programme), in a language
 * given explicitly: it may be asked for before the request's language is set.
 */
export async function notFoundMetadata(locale: Locale): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: 'Routes' })
  return { title: t('FileNotFound') }
}
