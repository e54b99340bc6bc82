'use client'

import { useEffect, type ReactNode } from 'react'
import Link from 'next/link'
import { useRouter } from 'next/navigation'
import { useTranslations } from 'next-intl'
import useSWR from 'swr'
import type { FormAction } from '@/lib/portal/form-state'
import { href, segmentOf, type PortalContext, type Query } from '@/lib/routes/href'
import type { DashboardData } from '@/lib/shared/dashboard-data'
import type { PublicTenantConfig } from '@/lib/shared/tenants/settings'
import { useAccount } from '@/components/layout/use-session'
import { PersonalLinkCard } from '@/components/recommend/personal-link-card'
import { RecommendationList } from '@/components/recommend/recommendation-list'
import { DashboardBanners } from '@/components/rewards/dashboard-banners'
import { RewardAccount } from '@/components/rewards/reward-account'
import { GoodwillSection } from '@/components/goodwill/goodwill-section'
import styles from './dashboard-own.module.css'

/** The data route's answer: the data, or `ended` when it has no live session of the tenant (404). */
type Answer = { ended: true } | ({ ended: false } & DashboardData)

async function fetchDashboard(url: string): Promise<Answer> {
  const response = await fetch(url, { cache: 'no-store', credentials: 'same-origin' })
  if (response.status === 404) return { ended: true }
  if (!response.ok) throw new Error(`dashboard data: ${response.status}`)
  // The portal's own route answers what the main API answered, already checked there.
  return { ended: false, ...((await response.json()) as DashboardData) }
}

/** The greeting, with the name from the session resource the header reads anyway. */
export function DashboardGreeting({ sessionUrl }: { sessionUrl: string }) {
  const t = useTranslations('Dashboard')
  const named = useAccount(sessionUrl).account
  return (
    <h1 aria-busy={named === null}>
      {named ? t('greeting', { vorname: named.vorname ?? '', nachname: named.nachname ?? '' }) : t('title')}
    </h1>
  )
}

type Props = {
  ctx: PortalContext
  sessionUrl: string
  /** Login, coming back here: where a session that ended meanwhile leads. */
  loginHref: string
  carried: Query
  settings: Pick<
    PublicTenantConfig['Settings'],
    'Name' | 'MaxEmpfaengerPraemieCent' | 'ModuleStoringBankdata'
  >
  widget?: string
  /** Files a goodwill claim (app/[tenant]/kulanzdanke/actions.ts). */
  sendClaim: FormAction
  /** The links on (recommend, my data), placed after the recommendations. */
  actions: ReactNode
}

/**
 * What the personal area shows of the logged-in referrer (SPEC §4): the personal link, the banners, the
 * reward account, the recommendations with their status bars and the goodwill claim. Read in the
 * browser from app/api/dashboard/[tenant] and the session resource, so the page around it is the same
 * for every referrer and the edge may keep it (lib/edge/anonymous-cache.mjs). Placeholders of the same
 * shape stand while it loads; a session that ended meanwhile leads to login.
 */
export function DashboardOwn({
  ctx,
  sessionUrl,
  loginHref,
  carried,
  settings,
  widget,
  sendClaim,
  actions,
}: Props) {
  const t = useTranslations('Dashboard')
  const tb = useTranslations('DashboardBanner')
  const router = useRouter()
  const dataUrl = `/api/dashboard/${encodeURIComponent(segmentOf(ctx))}`
  const { account: referrer, ended: sessionEnded } = useAccount(sessionUrl)
  // Per account: after a logout and another login in the same tab, nothing of the first one shows.
  const { data, error, isValidating, mutate } = useSWR(
    referrer ? [dataUrl, referrer.email] : null,
    ([url]: [string, string | undefined]) => fetchDashboard(url),
    { revalidateOnFocus: false },
  )
  const ended = data?.ended === true || sessionEnded
  useEffect(() => {
    if (ended) router.replace(loginHref)
  }, [ended, loginHref, router])

  const own = data && !data.ended && referrer ? data : null
  const recommendationsTitle = <h2 id="recommendations-title">{t('recommendationsTitle')}</h2>
  if (!own) {
    return (
      <>
        {error && !isValidating ? (
          <div className="alert alert--error" role="alert">
            <p>{t('loadFailed')}</p>
            <button type="button" className="button button--secondary" onClick={() => void mutate()}>
              {t('retry')}
            </button>
          </div>
        ) : (
          <p className="visually-hidden" role="status">
            {t('loading')}
          </p>
        )}
        <div className={styles.placeholders} aria-hidden="true">
          <div className={`${styles.block} ${styles.card}`} />
          <div className={`${styles.block} ${styles.account}`} />
        </div>
        <section aria-labelledby="recommendations-title" aria-busy="true">
          {recommendationsTitle}
          <div className={styles.placeholders} aria-hidden="true">
            <div className={`${styles.block} ${styles.item}`} />
            <div className={`${styles.block} ${styles.item}`} />
          </div>
        </section>
        {actions}
      </>
    )
  }
  return (
    <>
      <PersonalLinkCard
        ctx={ctx}
        recommendations={own.recommendations}
        settings={settings}
        referrer={{ vorname: referrer?.vorname ?? '', nachname: referrer?.nachname ?? '' }}
        carried={carried}
      />
      <DashboardBanners
        ctx={ctx}
        carried={carried}
        recommendations={own.recommendations}
        rewards={own.rewards}
        storingBankData={settings.ModuleStoringBankdata}
        teZuTp={own.teZuTp}
        mandant={settings.Name}
      />
      <RewardAccount konto={own.konto} recommendations={own.recommendations} locale={ctx.locale} />
      {own.rewards.length > 0 && (
        <p>
          <Link href={href(ctx, 'Reward', undefined, carried)}>{tb('rewardsLink')}</Link>
        </p>
      )}
      <section aria-labelledby="recommendations-title">
        {recommendationsTitle}
        <RecommendationList ctx={ctx} recommendations={own.recommendations} carried={carried} />
      </section>
      {actions}
      <GoodwillSection
        tenant={segmentOf(ctx)}
        recommendations={own.recommendations}
        widget={widget}
        sendClaim={sendClaim}
      />
    </>
  )
}
