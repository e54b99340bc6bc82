import type { Metadata } from 'next'
import { getTranslations } from 'next-intl/server'
import { Breadcrumbs } from '@/components/layout/breadcrumbs'
import { ForgetRecipient } from '@/components/recipient/forget-recipient'
import { RecipientForm } from '@/components/recipient/recipient-form'
import { ClientMessages } from '@/components/ui/client-messages'
import { apiContext } from '@/lib/portal/main-api/context'
import { getStoredRecipient } from '@/lib/portal/main-api/recipients'
import { germanToday } from '@/lib/shared/catalog/reward-periods'
import { applyRouteRules, carriedQuery, first, type SearchParams } from '@/lib/portal/guards'
import { followableRecommendation, safeCampaignValue } from '@/lib/portal/followable-recommendation'
import { resolvePortal, type PortalParams } from '@/lib/portal/resolve'
import { segmentOf } from '@/lib/routes/href'
import { storedRecipient } from '@/lib/portal/session'
import { saveRecipientAction } from './actions'

// The visitor's own data: rendered per request, never cached.
export const dynamic = 'force-dynamic'

type Params = PortalParams & { empfehlungsnummer: string }
type Props = { params: Promise<Params>; searchParams: Promise<SearchParams> }

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { ctx } = await resolvePortal({ tenant: (await params).tenant })
  const t = await getTranslations({ locale: ctx.locale, namespace: 'Recipient' })
  return { title: t('dataTitle'), robots: { index: false } }
}

/**
 * EmpfaengerDaten (SPEC §2.1 /empfaengerdaten/{nr}): the recommendation in brief and the recipient's
 * data. A recipient this browser already saved for the recommendation is told to confirm by mail; a
 * remembered recipient the main API no longer knows is forgotten (SPEC §7.9).
 */
export default async function RecipientDataPage({ params, searchParams }: Props) {
  const { tenant, empfehlungsnummer } = await params
  const portal = await resolvePortal({ tenant })
  const query = await searchParams
  await applyRouteRules(portal, 'RecipientData', { empfehlungsnummer }, query)
  const { ctx, config } = portal
  const carried = carriedQuery(query)
  const {
    landing,
    produkt,
    empfehler: referrer,
    praemie,
  } = await followableRecommendation(portal, empfehlungsnummer, carried)
  const t = await getTranslations('Recipient')
  const ts = await getTranslations('Success')
  const remembered = await storedRecipient(ctx.tenant)
  const check = remembered ? await getStoredRecipient(apiContext(ctx), remembered.hex) : null
  const alreadySaved = remembered?.nummer === landing.Empfehlungsnummer && check !== null && !check.Bestaetigt
  const empfehler = referrer ?? config.Settings.Name
  return (
    <>
      {remembered && check === null && <ForgetRecipient tenant={segmentOf(ctx)} />}
      <Breadcrumbs
        ctx={ctx}
        trail={[
          { route: 'Click', params: { empfehlungsnummer } },
          { route: 'RecipientData', params: { empfehlungsnummer } },
        ]}
      />
      <h1>{t('dataTitle')}</h1>
      <p className="lead">
        {landing.Empfehler
          ? t('landingTitle', { empfehler, produkt })
          : t('landingTitleAnonymous', { produkt })}
        {landing.PraemieEmpfaengerCent > 0 && <> – {t('rewardForYou', { praemie })}</>}
      </p>
      <p>{t('dataIntro', { mandant: config.Settings.Name, empfehler })}</p>
      {alreadySaved ? (
        <div className="stack">
          <p className="alert alert--success" role="status">
            {ts('recipientData')}
          </p>
          <p>{remembered.email ? t('savedHint', { email: remembered.email }) : t('alreadySaved')}</p>
        </div>
      ) : (
        <ClientMessages locale={ctx.locale} namespaces={['Recipient', 'Validation', 'Errors', 'Success']}>
          <RecipientForm
            action={saveRecipientAction}
            tenant={segmentOf(ctx)}
            nummer={landing.Empfehlungsnummer}
            channel={safeCampaignValue(first(query.channel))}
            einsprungsquelle={safeCampaignValue(first(query.einsprungsquelle))}
            mandant={config.Settings.Name}
            today={germanToday()}
          />
        </ClientMessages>
      )}
    </>
  )
}
