import type { Metadata } from 'next'
import { getTranslations } from 'next-intl/server'
import { Breadcrumbs } from '@/components/layout/breadcrumbs'
import { ForgetRecipient } from '@/components/recipient/forget-recipient'
import { RecipientForm } from '@/components/recipient/recipient-form'
import { ClientMessages } from '@/components/ui/client-messages'
import { productLinkHref } from '@/lib/portal/main-api/recipients'
import { FriendPath } from '@/components/recipient/friend-path'
import { FriendStatus } from '@/components/recipient/friend-status'
import { ResendConfirmation } from '@/components/recipient/resend-confirmation'
import { SavedNotice } from '@/components/recipient/saved-notice'
import { friendState, nextOf, stepOf } from '@/lib/portal/friend-state'
import { germanToday } from '@/lib/shared/catalog/reward-periods'
import { applyRouteRules, carriedQuery, first, type SearchParams } from '@/lib/portal/guards'
import {
  followableRecommendation,
  friendOffer,
  isKnownRecommendation,
} from '@/lib/portal/followable-recommendation'
import { campaignValue } from '@/lib/shared/campaign-value'
import { resolvePortal, type PortalParams } from '@/lib/portal/resolve'
import { notFoundMetadata, SHARED_LINK_ROBOTS } from '@/lib/portal/route-metadata'
import { href, segmentOf } from '@/lib/routes/href'
import { resendConfirmationAction, saveRecipientAction } from './actions'

// The visitor's own data: rendered per request, never cached.
export const dynamic = 'force-dynamic'

type Params = PortalParams & { empfehlungsnummer: string }
type Props = { params: Promise<Params>; searchParams: Promise<SearchParams> }

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { tenant, empfehlungsnummer } = await params
  const { ctx } = await resolvePortal({ tenant })
  if (!(await isKnownRecommendation(ctx, empfehlungsnummer))) return notFoundMetadata(ctx.locale)
  const t = await getTranslations({ locale: ctx.locale, namespace: 'Recipient' })
  return { title: t('dataTitle'), robots: SHARED_LINK_ROBOTS }
}

/**
 * EmpfaengerDaten (SPEC §2.1 /empfaengerdaten/{nr}), step 2 of the friend's 4: his offer in brief and
 * his data. Once saved (step 3) the page says so in view, with the mail again or to a corrected address;
 * a friend who confirmed is not asked again but shown where he stands. A remembered recipient the main
 * API no longer knows is forgotten (SPEC §7.9).
 */
export default async function RecipientDataPage({ params, searchParams }: Props) {
  const { tenant, empfehlungsnummer } = await params
  const portal = await resolvePortal({ tenant })
  const query = await searchParams
  await applyRouteRules(portal, 'RecipientData', { empfehlungsnummer }, query)
  const { ctx, config } = portal
  const carried = carriedQuery(query)
  const followed = await followableRecommendation(portal, empfehlungsnummer, carried)
  const { landing, produkt } = followed
  const t = await getTranslations('Recipient')
  const ts = await getTranslations('Success')
  const state = await friendState(ctx, landing.Empfehlungsnummer)
  const empfehler = followed.empfehler ?? config.Settings.Name
  const mandant = config.Settings.Name
  const channel = campaignValue(first(query.channel))
  return (
    <>
      {state.stage === 'new' && state.forget && <ForgetRecipient tenant={segmentOf(ctx)} />}
      <Breadcrumbs
        ctx={ctx}
        trail={[
          { route: 'Click', params: { empfehlungsnummer } },
          { route: 'RecipientData', params: { empfehlungsnummer } },
        ]}
      />
      <FriendPath step={state.stage === 'new' ? 2 : stepOf(state)} offer={friendOffer(followed)} />
      <h1>{t('dataTitle')}</h1>
      {state.stage === 'new' ? (
        <>
          <p>{t('dataIntro', { mandant, empfehler })}</p>
          <ClientMessages locale={ctx.locale} namespaces={['Recipient', 'Validation', 'Errors', 'Success']}>
            <RecipientForm
              action={saveRecipientAction}
              tenant={segmentOf(ctx)}
              nummer={landing.Empfehlungsnummer}
              channel={channel}
              einsprungsquelle={campaignValue(first(query.einsprungsquelle))}
              mandant={mandant}
              today={germanToday()}
            />
          </ClientMessages>
        </>
      ) : state.stage === 'saved' ? (
        <SavedNotice>
          <p className="alert alert--success" role="status">
            {ts('recipientData')}
          </p>
          <p>{state.email ? t('savedHint', { email: state.email }) : t('alreadySaved')}</p>
          {state.email && (
            <ClientMessages locale={ctx.locale} namespaces={['Recipient', 'Validation', 'Errors']}>
              <ResendConfirmation action={resendConfirmationAction} tenant={segmentOf(ctx)} />
            </ClientMessages>
          )}
        </SavedNotice>
      ) : (
        <FriendStatus
          stage={state.stage}
          produkt={produkt}
          mandant={mandant}
          next={nextOf(state, {
            data: '',
            consent: href(ctx, 'RecipientTOSConsent', undefined, carried),
            order: (empfaengernummer) =>
              productLinkHref(ctx, { nummer: landing.Empfehlungsnummer, empfaengernummer, channel }),
          })}
          resend={{ locale: ctx.locale, tenant: segmentOf(ctx), action: resendConfirmationAction }}
        />
      )}
    </>
  )
}
