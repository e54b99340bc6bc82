import Link from 'next/link'
import { getTranslations } from 'next-intl/server'
import { Breadcrumbs } from '@/components/layout/breadcrumbs'
import { applyRouteRules, carriedQuery, type SearchParams } from '@/lib/portal/guards'
import { resolvePortal, type PortalParams } from '@/lib/portal/resolve'
import { routeMetadata } from '@/lib/portal/route-metadata'
import { href } from '@/lib/routes/href'

// Personal: rendered per request, never cached.
export const dynamic = 'force-dynamic'

export const generateMetadata = routeMetadata('GoodwillThanks', { personal: true })

type Props = { params: Promise<PortalParams>; searchParams: Promise<SearchParams> }

// Kulanzdanke: the thank-you after a goodwill claim ("Prämie fehlt?" in the personal area).
export default async function GoodwillThanksPage({ params, searchParams }: Props) {
  const portal = await resolvePortal(params)
  const query = await searchParams
  await applyRouteRules(portal, 'GoodwillThanks', {}, query)
  const t = await getTranslations('Goodwill')
  return (
    <>
      <Breadcrumbs ctx={portal.ctx} trail={[{ route: 'Dashboard' }, { route: 'GoodwillThanks' }]} />
      <h1>{t('thanksTitle')}</h1>
      <p className="lead">{t('thanksText')}</p>
      <p>
        <Link className="button" href={href(portal.ctx, 'Dashboard', undefined, carriedQuery(query))}>
          {t('backToDashboard')}
        </Link>
      </p>
    </>
  )
}
