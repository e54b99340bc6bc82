import type { Metadata } from 'next'
import Link from 'next/link'
import { getTranslations } from 'next-intl/server'
import { Breadcrumbs } from '@/components/layout/breadcrumbs'
import { RewardAccount } from '@/components/rewards/reward-account'
import { listRecommendations } from '@/lib/portal/main-api/recommendations'
import { RewardList } from '@/components/rewards/reward-list'
import { apiContext } from '@/lib/portal/main-api/context'
import { getAwards } from '@/lib/portal/main-api/rewards'
import { loginRedirectHref, openScreen, type SearchParams } from '@/lib/portal/guards'
import { resolvePortal, type PortalParams } from '@/lib/portal/resolve'

// Personal: rendered per request, never cached.
export const dynamic = 'force-dynamic'

type Props = { params: Promise<PortalParams>; searchParams: Promise<SearchParams> }

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { ctx } = await resolvePortal(params)
  const t = await getTranslations({ locale: ctx.locale, namespace: 'Reward' })
  return { title: t('listTitle'), robots: { index: false } }
}

/**
 * PraemieWaehlen (SPEC §2.2 /praemie/): the logged-in referrer's rewards with the balance; ready ones
 * are picked on their own page. Without login the page says how to get there (login or the mail's link).
 */
export default async function RewardsPage({ params, searchParams }: Props) {
  const { portal, query, session, carried } = await openScreen({ params, searchParams }, 'Reward')
  const { ctx } = portal
  const t = await getTranslations('Reward')
  const api = session ? apiContext(ctx, session) : null
  const [own, recommendations] = api
    ? await Promise.all([getAwards(api), listRecommendations(api)])
    : [null, []]
  return (
    <>
      <Breadcrumbs
        ctx={ctx}
        trail={session ? [{ route: 'Dashboard' }, { route: 'Reward' }] : [{ route: 'Reward' }]}
      />
      <h1>{t('listTitle')}</h1>
      {!own ? (
        <div className="stack">
          <p className="alert alert--info">{t('loginHint')}</p>
          <div className="button-row">
            <Link className="button" href={loginRedirectHref(portal, 'Reward', {}, query)}>
              {t('loginAction')}
            </Link>
          </div>
        </div>
      ) : (
        <>
          <p className="lead">{t('listIntro')}</p>
          <RewardAccount konto={own.Konto} recommendations={recommendations} locale={ctx.locale} />
          <RewardList ctx={ctx} rewards={own.Praemien} carried={carried} />
        </>
      )}
    </>
  )
}
