import type { Metadata } from 'next'
import { getTranslations } from 'next-intl/server'
import { Breadcrumbs } from '@/components/layout/breadcrumbs'
import { ConsentForm } from '@/components/recipient/consent-form'
import { ClientMessages } from '@/components/ui/client-messages'
import { apiContext } from '@/lib/portal/main-api/context'
import { getRecipientOrder, productLinkHref } from '@/lib/portal/main-api/recipients'
import { FriendPath } from '@/components/recipient/friend-path'
import { followableRecommendation, friendOffer } from '@/lib/portal/followable-recommendation'
import { MainApiError } from '@/lib/portal/main-api/client'
import { openScreen, type SearchParams } from '@/lib/portal/guards'
import { resolvePortal, type PortalParams } from '@/lib/portal/resolve'
import { segmentOf } from '@/lib/routes/href'
import { storedRecipient } from '@/lib/portal/session'
import { recipientConsentAction } from './actions'

export const dynamic = 'force-dynamic'

type Props = { params: Promise<PortalParams>; searchParams: Promise<SearchParams> }

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { ctx } = await resolvePortal(params)
  const t = await getTranslations({ locale: ctx.locale, namespace: 'Recipient' })
  return { title: t('consentTitle'), robots: { index: false } }
}

/**
 * AGBDatenschutzZustimmung (SPEC §2.2), step 4 of the friend's 4: the confirmed recipient accepts the
 * terms and privacy text (shown once, as the checkbox's label) and is taken on to the provider's order
 * page with the attribution.
 */
export default async function RecipientConsentPage({ params, searchParams }: Props) {
  const { portal, routeHref } = await openScreen({ params, searchParams }, 'RecipientTOSConsent')
  const { ctx, config } = portal
  const t = await getTranslations('Recipient')
  const recipient = await storedRecipient(ctx.tenant)
  let order: Awaited<ReturnType<typeof getRecipientOrder>> | null = null
  if (recipient?.token) {
    try {
      order = await getRecipientOrder(apiContext(ctx, { token: recipient.token }))
    } catch (error) {
      if (!(error instanceof MainApiError && error.code === 'PSOF0204')) throw error
    }
  }
  // The friend's offer in brief; a friend who gets part of the reward in cash gives bank data for it.
  const followed = order ? await followableRecommendation(portal, order.Empfehlungsnummer, {}) : null
  const landing = followed?.landing ?? null
  const cashReward = (landing?.PraemieEmpfaengerCent ?? 0) > 0 && config.Settings.RewardKinds.includes('cash')
  return (
    <>
      <Breadcrumbs ctx={ctx} trail={[{ route: 'RecipientTOSConsent', label: t('consentTitle') }]} />
      <FriendPath step={4} offer={followed ? friendOffer(followed) : null} />
      <h1>{t('consentTitle')}</h1>
      {!order ? (
        <p className="alert alert--info">{t('sessionMissing')}</p>
      ) : (
        <>
          <ClientMessages locale={ctx.locale} namespaces={['Recipient', 'Validation', 'Errors']}>
            <ConsentForm
              action={recipientConsentAction}
              tenant={segmentOf(ctx)}
              termsHref={routeHref('TOS')}
              privacyHref={routeHref('Privacy')}
              orderHref={productLinkHref(ctx, {
                nummer: order.Empfehlungsnummer,
                empfaengernummer: order.Empfaengernummer,
              })}
              produkt={order.Produkt.AnzeigeName}
              mandant={config.Settings.Name}
              programm={config.Settings.ProgrammName}
              agreed={order.Zugestimmt}
              bankHref={cashReward ? routeHref('BankDetails') : undefined}
            />
          </ClientMessages>
        </>
      )}
    </>
  )
}
