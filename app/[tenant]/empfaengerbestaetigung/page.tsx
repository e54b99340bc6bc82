import type { Metadata } from 'next'
import { redirect } from 'next/navigation'
import { getTranslations } from 'next-intl/server'
import { TokenLoginForm } from '@/components/account/token-login-form'
import { Breadcrumbs } from '@/components/layout/breadcrumbs'
import { ClientMessages } from '@/components/ui/client-messages'
import { first, openScreen, type SearchParams } from '@/lib/portal/guards'
import { resolvePortal, type PortalParams } from '@/lib/portal/resolve'
import { segmentOf } from '@/lib/routes/href'
import { confirmRecipientAction } from './actions'

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
  const { portal, query, routeHref } = await openScreen({ params, searchParams }, 'RecipientConfirmation')
  const token = first(query.token)
  if (!token) redirect(routeHref('Code'))
  const t = await getTranslations('Recipient')
  return (
    <>
      <Breadcrumbs ctx={portal.ctx} trail={[{ route: 'RecipientConfirmation' }]} />
      <h1>{t('confirmTitle')}</h1>
      <ClientMessages locale={portal.ctx.locale} namespaces={['Errors']}>
        <TokenLoginForm
          action={confirmRecipientAction}
          fields={{ tenant: segmentOf(portal.ctx), token, widget: first(query.widget) }}
          label={t('confirm')}
          pendingLabel={t('confirming')}
        />
      </ClientMessages>
    </>
  )
}
