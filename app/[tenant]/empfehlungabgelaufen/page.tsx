import type { Metadata } from 'next'
import Link from 'next/link'
import { getTranslations } from 'next-intl/server'
import { Breadcrumbs } from '@/components/layout/breadcrumbs'
import { first, openScreen, type SearchParams } from '@/lib/portal/guards'
import { resolvePortal, type PortalParams } from '@/lib/portal/resolve'

export const dynamic = 'force-dynamic'

type Props = { params: Promise<PortalParams>; searchParams: Promise<SearchParams> }

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { ctx } = await resolvePortal(params)
  const t = await getTranslations({ locale: ctx.locale, namespace: 'Recipient' })
  return { title: t('expiredTitle'), robots: { index: false } }
}

/** EmpfehlungAbgelaufen and EmpfehlungGesperrt (SPEC §2.2, §8): no data can be entered any more. */
export default async function ExpiredPage({ params, searchParams }: Props) {
  const { portal, query, routeHref } = await openScreen({ params, searchParams }, 'ExpiredRecommendation')
  const t = await getTranslations('Recipient')
  const tr = await getTranslations('Recommendation')
  const blocked = first(query.grund) === 'gesperrt'
  return (
    <>
      <Breadcrumbs ctx={portal.ctx} trail={[{ route: 'ExpiredRecommendation' }]} />
      <h1>{blocked ? tr('blocked') : tr('expired')}</h1>
      <p className="lead">{blocked ? t('blockedText') : t('expiredText')}</p>
      <p>
        <Link className="button" href={routeHref('Homepage')}>
          {t('toOffers')}
        </Link>
      </p>
    </>
  )
}
