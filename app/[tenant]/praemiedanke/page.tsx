import type { Metadata } from 'next'
import Link from 'next/link'
import { getTranslations } from 'next-intl/server'
import { Breadcrumbs } from '@/components/layout/breadcrumbs'
import { REWARD_CHOICES, type RewardChoice } from '@/lib/contracts/praemierung'
import { first, openScreen, type SearchParams } from '@/lib/portal/guards'
import { resolvePortal, type PortalParams } from '@/lib/portal/resolve'

export const dynamic = 'force-dynamic'

type Props = { params: Promise<PortalParams>; searchParams: Promise<SearchParams> }

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { ctx } = await resolvePortal(params)
  const t = await getTranslations({ locale: ctx.locale, namespace: 'Reward' })
  return { title: t('thanksTitle'), robots: { index: false } }
}

/**
 * PraemieDanke (SPEC §2.1 /praemiedanke): after a reward was picked, what happens next for the chosen
 * way (SPEC §9: a transfer within 4 to 10 weeks, the voucher within 24 hours).
 */
export default async function RewardThanksPage({ params, searchParams }: Props) {
  const { portal, query, session, routeHref } = await openScreen({ params, searchParams }, 'RewardThanks')
  const { ctx, config } = portal
  const t = await getTranslations('Reward')
  const choice = first(query.auswahl)
  const known = (REWARD_CHOICES as readonly string[]).includes(choice ?? '')
    ? (choice as RewardChoice)
    : 'other'
  return (
    <>
      <Breadcrumbs ctx={ctx} trail={[{ route: 'RewardThanks' }]} />
      <h1>{t('thanksTitle')}</h1>
      <p className="alert alert--success" role="status">
        {t(`thanksLead.${known}`)}
      </p>
      <p>{t('thanksMore', { mandant: config.Settings.Name })}</p>
      <div className="button-row">
        {session ? (
          <Link className="button" href={routeHref('Dashboard')}>
            {t('toDashboard')}
          </Link>
        ) : (
          <Link className="button" href={routeHref('Homepage')}>
            {t('toHome')}
          </Link>
        )}
      </div>
    </>
  )
}
