import Link from 'next/link'
import { getTranslations } from 'next-intl/server'
import { Breadcrumbs } from '@/components/layout/breadcrumbs'
import { PersonalLinkCard } from '@/components/recommend/personal-link-card'
import { RecommendationList } from '@/components/recommend/recommendation-list'
import { GoodwillSection } from '@/components/goodwill/goodwill-section'
import { sendGoodwillClaimAction } from '../kulanzdanke/actions'
import { apiContext } from '@/lib/portal/main-api/context'
import { listRecommendations } from '@/lib/portal/main-api/recommendations'
import { getAwards, getTeZuTpBanner } from '@/lib/portal/main-api/rewards'
import { DashboardBanners } from '@/components/rewards/dashboard-banners'
import { RewardAccount } from '@/components/rewards/reward-account'
import { carriedQuery, first, requireSession, type SearchParams } from '@/lib/portal/guards'
import { resolvePortal, type PortalParams } from '@/lib/portal/resolve'
import { href } from '@/lib/routes/href'

// Personal: rendered per request, never cached.
export const dynamic = 'force-dynamic'

type Props = { params: Promise<PortalParams>; searchParams: Promise<SearchParams> }

export default async function DashboardPage({ params, searchParams }: Props) {
  const portal = await resolvePortal(params)
  const query = await searchParams
  const session = await requireSession(portal, 'Dashboard', {}, query)
  const t = await getTranslations('Dashboard')
  const tb = await getTranslations('DashboardBanner')
  const carried = carriedQuery(query)
  const { locale } = portal.ctx
  const api = apiContext(portal.ctx, session)
  const [recommendations, own, banner] = await Promise.all([
    listRecommendations(api),
    getAwards(api),
    getTeZuTpBanner(api),
  ])
  return (
    <>
      <Breadcrumbs ctx={portal.ctx} trail={[{ route: 'Dashboard' }]} />
      <h1>{t('greeting', { vorname: session.account.vorname, nachname: session.account.nachname })}</h1>
      {first(query.passwort) === 'gesetzt' && (
        <p className="alert alert--success" role="status">
          {t('passwordSet')}
        </p>
      )}
      <p className="lead">{t('intro')}</p>
      <PersonalLinkCard
        ctx={portal.ctx}
        recommendations={recommendations}
        settings={portal.config.Settings}
        referrer={session.account}
        carried={carried}
      />
      <DashboardBanners
        ctx={portal.ctx}
        carried={carried}
        recommendations={recommendations}
        rewards={own.Praemien}
        storingBankData={portal.config.Settings.ModuleStoringBankdata}
        teZuTp={banner.ShowBanner}
        mandant={portal.config.Settings.Name}
      />
      <RewardAccount konto={own.Konto} recommendations={recommendations} locale={locale} />
      {own.Praemien.length > 0 && (
        <p>
          <Link href={href(portal.ctx, 'Reward', undefined, carried)}>{tb('rewardsLink')}</Link>
        </p>
      )}
      <section aria-labelledby="recommendations-title">
        <h2 id="recommendations-title">{t('recommendationsTitle')}</h2>
        <RecommendationList ctx={portal.ctx} recommendations={recommendations} carried={carried} />
      </section>
      <div className="button-row">
        <Link className="button" href={href(portal.ctx, 'Homepage', undefined, carried)}>
          {t('recommendNow')}
        </Link>
        <Link className="button button--secondary" href={href(portal.ctx, 'Settings', undefined, carried)}>
          {t('myData')}
        </Link>
      </div>
      <GoodwillSection
        ctx={portal.ctx}
        api={api}
        widget={first(query.widget)}
        sendClaim={sendGoodwillClaimAction}
      />
    </>
  )
}
