import type { Metadata } from 'next'
import { getTranslations } from 'next-intl/server'
import { Breadcrumbs } from '@/components/layout/breadcrumbs'
import { BankDataForm } from '@/components/recipient/bank-data-form'
import { ClientMessages } from '@/components/ui/client-messages'
import { applyRouteRules, type SearchParams } from '@/lib/portal/guards'
import { resolvePortal, type PortalParams } from '@/lib/portal/resolve'
import { segmentOf } from '@/lib/routes/href'
import { storedRecipient } from '@/lib/portal/session'
import { apiContext } from '@/lib/portal/main-api/context'
import { MainApiError } from '@/lib/portal/main-api/client'
import { getRecipientOrder, productLinkHref } from '@/lib/portal/main-api/recipients'
import { saveBankDataAction } from './actions'

export const dynamic = 'force-dynamic'

type Props = { params: Promise<PortalParams>; searchParams: Promise<SearchParams> }

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { ctx } = await resolvePortal(params)
  const t = await getTranslations({ locale: ctx.locale, namespace: 'Recipient' })
  return { title: t('bankTitle'), robots: { index: false } }
}

/**
 * EmpfaengerBankdaten (SPEC §2.1 /bankdaten): the confirmed recipient's account for a cash reward.
 * Without the recipient's own token (the mailed link's) the SPEC's bank-data text says what to do.
 */
export default async function RecipientBankDataPage({ params, searchParams }: Props) {
  const portal = await resolvePortal(params)
  await applyRouteRules(portal, 'BankDetails', {}, await searchParams)
  const { ctx, config } = portal
  const t = await getTranslations('Recipient')
  const te = await getTranslations('Errors')
  const recipient = await storedRecipient(ctx.tenant)
  // A friend who agreed goes on to the order once the account is saved, never to a dead end.
  let next: { href: string; label: string } | undefined
  if (recipient?.token) {
    try {
      const order = await getRecipientOrder(apiContext(ctx, { token: recipient.token }))
      if (order.Zugestimmt)
        next = {
          href: productLinkHref(ctx, {
            nummer: order.Empfehlungsnummer,
            empfaengernummer: order.Empfaengernummer,
          }),
          label: t('toOrder', { produkt: order.Produkt.AnzeigeName }),
        }
    } catch (error) {
      if (!(error instanceof MainApiError && error.code === 'PSOF0204')) throw error
    }
  }
  return (
    <>
      <Breadcrumbs ctx={ctx} trail={[{ route: 'BankDetails', label: t('bankTitle') }]} />
      <h1>{t('bankTitle')}</h1>
      {!recipient?.token ? (
        <p className="alert alert--error" role="alert">
          {te('BankdatenNichtAutorisiert')}
        </p>
      ) : (
        <>
          <p className="lead">{t('bankIntro')}</p>
          <ClientMessages locale={ctx.locale} namespaces={['Recipient', 'Validation', 'Errors']}>
            <BankDataForm
              action={saveBankDataAction}
              tenant={segmentOf(ctx)}
              germanOnly={config.Settings.ModuleIBANNurDE}
              next={next}
            />
          </ClientMessages>
        </>
      )}
    </>
  )
}
