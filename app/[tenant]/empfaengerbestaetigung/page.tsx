import type { Metadata } from 'next'
import { redirect } from 'next/navigation'
import { getTranslations } from 'next-intl/server'
import { TokenLoginForm } from '@/components/account/token-login-form'
import { Breadcrumbs } from '@/components/layout/breadcrumbs'
import { ClientMessages } from '@/components/ui/client-messages'
import { first, openScreen, type SearchParams } from '@/lib/portal/guards'
import { resolvePortal, type PortalParams } from '@/lib/portal/resolve'
import { href, segmentOf } from '@/lib/routes/href'
import { FriendPath } from '@/components/recipient/friend-path'
import { friendState } from '@/lib/portal/friend-state'
import { storedRecipient } from '@/lib/portal/session'
import { RenewLink } from '@/components/recipient/renew-link'
import { confirmRecipientAction, renewRecipientLinkAction } from './actions'

export const dynamic = 'force-dynamic'

type Props = { params: Promise<PortalParams>; searchParams: Promise<SearchParams> }

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { ctx } = await resolvePortal(params)
  const t = await getTranslations({ locale: ctx.locale, namespace: 'Recipient' })
  return { title: t('confirmTitle'), robots: { index: false } }
}

/**
 * EmpfaengerBestaetigung (SPEC §2.2): the link of the recipient's mail, used by POST from the browser
 * (mail link checkers do not use it up), then on to the consent.
 */
export default async function RecipientConfirmationPage({ params, searchParams }: Props) {
  const { portal, query, routeHref, carried } = await openScreen(
    { params, searchParams },
    'RecipientConfirmation',
  )
  const token = first(query.token)
  if (!token) redirect(routeHref('Code'))
  const t = await getTranslations('Recipient')
  // A friend this browser knows as confirmed already (the mail's link opened again) goes to his
  // recommendation's page, which shows where he stands and the way on, instead of using the link once
  // more. Not one whose session lapsed before the consent: he came with a new link, which is used.
  const remembered = await storedRecipient(portal.ctx.tenant)
  if (remembered?.nummer) {
    const state = await friendState(portal.ctx, remembered.nummer)
    if (state.stage === 'agreed' || (state.stage === 'confirmed' && state.canConsent))
      redirect(href(portal.ctx, 'Click', { empfehlungsnummer: remembered.nummer }, carried))
  }
  return (
    <>
      <Breadcrumbs ctx={portal.ctx} trail={[{ route: 'RecipientConfirmation' }]} />
      <FriendPath step={3} offer={null} />
      <h1>{t('confirmTitle')}</h1>
      <ClientMessages locale={portal.ctx.locale} namespaces={['Errors', 'Recipient']}>
        <TokenLoginForm
          action={confirmRecipientAction}
          fields={{ tenant: segmentOf(portal.ctx), token, widget: first(query.widget) }}
          label={t('confirm')}
          pendingLabel={t('confirming')}
          afterError={{ EmpfaengerBereitsBestaetigt: <RenewLink action={renewRecipientLinkAction} /> }}
        />
      </ClientMessages>
    </>
  )
}
