import Link from 'next/link'
import { getTranslations } from 'next-intl/server'
import { Breadcrumbs } from '@/components/layout/breadcrumbs'
import { openScreen, type SearchParams } from '@/lib/portal/guards'
import type { PortalParams } from '@/lib/portal/resolve'
import { routeMetadata } from '@/lib/portal/route-metadata'

// Personal: rendered per request, never cached.
export const dynamic = 'force-dynamic'

export const generateMetadata = routeMetadata('GoodwillThanks', { personal: true })

type Props = { params: Promise<PortalParams>; searchParams: Promise<SearchParams> }

// Kulanzdanke: the thank-you after a goodwill claim ("Prämie fehlt?" in the personal area).
export default async function GoodwillThanksPage({ params, searchParams }: Props) {
  const { portal, routeHref } = await openScreen({ params, searchParams }, 'GoodwillThanks')
  const t = await getTranslations('Goodwill')
  return (
    <>
      <Breadcrumbs ctx={portal.ctx} trail={[{ route: 'Dashboard' }, { route: 'GoodwillThanks' }]} />
      <h1>{t('thanksTitle')}</h1>
      <p className="lead">{t('thanksText')}</p>
      <p>
        <Link className="button" href={routeHref('Dashboard')}>
          {t('backToDashboard')}
        </Link>
      </p>
    </>
  )
}
