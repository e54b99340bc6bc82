import { getTranslations } from 'next-intl/server'
import { Breadcrumbs } from '@/components/layout/breadcrumbs'
import { first, openScreen, type SearchParams } from '@/lib/portal/guards'
import type { PortalParams } from '@/lib/portal/resolve'
import { segmentOf } from '@/lib/routes/href'
import { logoutAction } from './actions'
import { routeMetadata } from '@/lib/portal/route-metadata'

export const generateMetadata = routeMetadata('Logout', { personal: true })

// Personal: rendered per request, never cached.
export const dynamic = 'force-dynamic'

type Props = { params: Promise<PortalParams>; searchParams: Promise<SearchParams> }

export default async function LogoutPage({ params, searchParams }: Props) {
  const { portal, query } = await openScreen({ params, searchParams }, 'Logout')
  const t = await getTranslations('Logout')
  const widget = first(query.widget)
  return (
    <>
      <Breadcrumbs ctx={portal.ctx} trail={[{ route: 'Logout' }]} />
      <h1>{t('title')}</h1>
      <p className="lead">{t('question')}</p>
      <form action={logoutAction}>
        <input type="hidden" name="tenant" value={segmentOf(portal.ctx)} />
        {widget !== undefined && <input type="hidden" name="widget" value={widget} />}
        <button className="button" type="submit">
          {t('submit')}
        </button>
      </form>
    </>
  )
}
