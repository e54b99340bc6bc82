import type { Metadata } from 'next'
import { notFound, redirect } from 'next/navigation'
import { getFormatter, getTranslations } from 'next-intl/server'
import { Breadcrumbs } from '@/components/layout/breadcrumbs'
import { ForgetRecipient } from '@/components/recipient/forget-recipient'
import { RecipientForm } from '@/components/recipient/recipient-form'
import { ClientMessages } from '@/components/ui/client-messages'
import { getLanding, getProduct, getStoredRecipient } from '@/lib/api/main-api'
import { productName } from '@/lib/catalog/product-name'
import { germanToday } from '@/lib/catalog/reward-periods'
import { applyRouteRules, carriedQuery, first, type SearchParams } from '@/lib/portal/guards'
import { resolvePortal, type PortalParams } from '@/lib/portal/resolve'
import { href, segmentOf } from '@/lib/routes/href'
import { storedRecipient } from '@/lib/session'
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
  const landing = await getLanding(ctx.tenant, ctx.locale, empfehlungsnummer)
  if (!landing) notFound()
  if (landing.Status !== 'Ok')
    redirect(
      href(ctx, 'ExpiredRecommendation', undefined, {
        ...carried,
        grund: landing.Status === 'Gesperrt' ? 'gesperrt' : undefined,
      }),
    )
  const t = await getTranslations('Recipient')
  const ts = await getTranslations('Success')
  const format = await getFormatter()
  const product = await getProduct(ctx.tenant, ctx.locale, landing.Produkt.Id)
  const produkt = product ? productName(product) : landing.Produkt.AnzeigeName
  const remembered = await storedRecipient(ctx.tenant)
  const check = remembered ? await getStoredRecipient(ctx.tenant, remembered.hex) : null
  const alreadySaved = remembered?.nummer === landing.Empfehlungsnummer && check !== null && !check.Bestaetigt
  const empfehler = landing.Empfehler
    ? `${landing.Empfehler.Vorname} ${landing.Empfehler.Nachname}`.trim()
    : config.Settings.Name
  const praemie = format.number(landing.PraemieEmpfaengerCent / 100, {
    style: 'currency',
    currency: 'EUR',
    maximumFractionDigits: landing.PraemieEmpfaengerCent % 100 === 0 ? 0 : 2,
  })
  const channel = first(query.channel)
  const einsprungsquelle = first(query.einsprungsquelle)
  const safe = (v: string | undefined) => (v && /^[\w-]{1,40}$/.test(v) ? v : undefined)
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
            channel={safe(channel)}
            einsprungsquelle={safe(einsprungsquelle)}
            mandant={config.Settings.Name}
            today={germanToday()}
          />
        </ClientMessages>
      )}
    </>
  )
}
