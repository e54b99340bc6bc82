import type { Metadata } from 'next'
import { formatDate } from '@/lib/i18n/dates'
import Link from 'next/link'
import { getFormatter, getTranslations } from 'next-intl/server'
import { Breadcrumbs } from '@/components/layout/breadcrumbs'
import { RewardPickForm } from '@/components/rewards/reward-pick-form'
import { RefreshOnReturn } from '@/components/rewards/refresh-on-return'
import { RewardSummary } from '@/components/rewards/reward-summary'
import { rewardKindKey } from '@/components/rewards/reward-heading'
import { ClientMessages } from '@/components/ui/client-messages'
import { apiContext } from '@/lib/portal/main-api/context'
import { getAward } from '@/lib/portal/main-api/rewards'
import { MainApiError } from '@/lib/portal/main-api/client'
import { formatRewardValue } from '@/lib/shared/catalog/format-reward'
import type { ErrorCode } from '@/lib/shared/errors'
import {
  applyRouteRules,
  carriedQuery,
  first,
  loginRedirectHref,
  type SearchParams,
} from '@/lib/portal/guards'
import { resolvePortal, type PortalParams } from '@/lib/portal/resolve'
import { rewardLinkToken } from '@/lib/portal/reward-bearer'
import { href, segmentOf } from '@/lib/routes/href'
import { pickRewardAction } from './actions'

// Personal: rendered per request, never cached.
export const dynamic = 'force-dynamic'

type Params = PortalParams & { praemieid: string }
type Props = { params: Promise<Params>; searchParams: Promise<SearchParams> }

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { ctx } = await resolvePortal({ tenant: (await params).tenant })
  const t = await getTranslations({ locale: ctx.locale, namespace: 'Reward' })
  return { title: t('detailsTitle'), robots: { index: false }, referrer: 'no-referrer' }
}

/**
 * PraemieDaten (SPEC §2.1 /praemie/{praemieid}): one reward, opened from the mail's link (its own token,
 * SPEC §6) or by the logged-in referrer. A ready reward is picked here once; afterwards the page shows
 * what was chosen. A link that is unknown or expired answers with the SPEC's texts.
 */
export default async function RewardDetailsPage({ params, searchParams }: Props) {
  const { tenant, praemieid } = await params
  const portal = await resolvePortal({ tenant })
  const query = await searchParams
  const session = await applyRouteRules(portal, 'RewardDetails', { praemieid }, query)
  const { ctx, config } = portal
  const t = await getTranslations('Reward')
  const te = await getTranslations('Errors')
  const format = await getFormatter()
  const carried = carriedQuery(query)
  // The link's token never travels on (login redirect, other links).
  const withoutToken = Object.fromEntries(Object.entries(query).filter(([key]) => key !== 'token'))
  const token = rewardLinkToken(first(query.token))
  const bearer = token ?? session?.token
  const validId = /^[0-9A-Z]{10}$/.test(praemieid)

  let reward: Awaited<ReturnType<typeof getAward>> = null
  let refusal: ErrorCode | null = null
  if (bearer && validId) {
    try {
      reward = await getAward(apiContext(ctx, { token: bearer }), praemieid)
    } catch (error) {
      if (!(error instanceof MainApiError)) throw error
      refusal = error.code
    }
  }
  // "Prämie abholen" while it can be collected; once chosen, paid or over, the page shows "Ihre Prämie".
  const collectable = reward?.Status === 'Bereitgestellt' && !reward.Auswahl
  const current = {
    route: 'RewardDetails' as const,
    params: { praemieid },
    label: reward && !collectable ? t('detailsTitle') : undefined,
  }
  const trail = session ? [{ route: 'Dashboard' as const }, { route: 'Reward' as const }, current] : [current]

  return (
    <>
      <Breadcrumbs ctx={ctx} trail={trail} />
      <h1>
        {reward
          ? `${t(rewardKindKey(reward))}: ${formatRewardValue(reward.WertCent, ctx.locale)}`
          : t('detailsTitle')}
      </h1>
      {!reward ? (
        <div className="stack">
          <p className="alert alert--error" role="alert">
            {refusal && refusal !== 'PSOF0204' ? te(refusal) : bearer ? t('notFound') : t('loginHint')}
          </p>
          {!session && (
            <div className="button-row">
              <Link
                className="button"
                href={loginRedirectHref(portal, 'RewardDetails', { praemieid }, withoutToken)}
              >
                {t('loginAction')}
              </Link>
            </div>
          )}
        </div>
      ) : (
        <>
          {reward.Produkt && reward.Auftragsdatum && (
            <p className="lead">
              {t('occasion', {
                produkt: reward.Produkt,
                datum: formatDate(format, reward.Auftragsdatum),
              })}
            </p>
          )}
          {reward.AbholbarBis && (
            <p className="hint">
              {t('readyUntil', {
                datum: formatDate(format, new Date(reward.AbholbarBis)),
              })}
            </p>
          )}
          {reward.Optionen.length > 0 ? (
            <ClientMessages locale={ctx.locale} namespaces={['Reward', 'Validation', 'Errors']}>
              <RefreshOnReturn screen={`reward-${reward.PraemieId}`} />
              <RewardPickForm
                action={pickRewardAction}
                tenant={segmentOf(ctx)}
                widget={carried.widget ?? undefined}
                praemieId={reward.PraemieId}
                token={token}
                options={reward.Optionen}
                creditNeedsNumber={
                  config.Settings.RewardKinds.includes('credit') &&
                  reward.Beguenstigter === 'Empfehler' &&
                  !reward.KundennummerGespeichert &&
                  session
                    ? { href: href(ctx, 'CustomerNumber', undefined, carried) }
                    : null
                }
                storedBankData={reward.BankdatenGespeichert}
                offerToKeepBankData={
                  Boolean(session) &&
                  !token &&
                  config.Settings.ModuleStoringBankdata &&
                  reward.Beguenstigter === 'Empfehler'
                }
                germanOnly={config.Settings.ModuleIBANNurDE}
                mandant={config.Settings.Name}
              />
            </ClientMessages>
          ) : (
            <RewardSummary reward={reward} locale={ctx.locale} />
          )}
          {session && (
            <div className="button-row">
              <Link className="button button--secondary" href={href(ctx, 'Reward', undefined, carried)}>
                {t('listTitle')}
              </Link>
            </div>
          )}
        </>
      )}
    </>
  )
}
