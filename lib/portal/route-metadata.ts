import 'server-only'
import type { Metadata } from 'next'
import { getTranslations } from 'next-intl/server'
import type { RouteName } from '@/lib/routes/table'
import { resolvePortal, type PortalParams } from './resolve'

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
