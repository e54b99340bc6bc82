import type { Metadata } from 'next'
import Link from 'next/link'
import { redirect } from 'next/navigation'
import { getFormatter, getTranslations } from 'next-intl/server'
import { TokenLoginForm } from '@/components/account/token-login-form'
import { EmailRequestForm } from '@/components/account/email-request-form'
import { Breadcrumbs } from '@/components/layout/breadcrumbs'
import { SessionRefresh } from '@/components/layout/session-refresh'
import { SharePanel } from '@/components/recommend/share-panel'
import { ClientMessages } from '@/components/ui/client-messages'
import { formatDate } from '@/lib/i18n/dates'
import { first, openScreen, type SearchParams } from '@/lib/portal/guards'
import { ownRecommendation } from '@/lib/portal/own-recommendation'
import { resolvePortal, type PortalParams } from '@/lib/portal/resolve'
import { href, segmentOf } from '@/lib/routes/href'
import { pendingOptin } from '@/lib/portal/session'
import { resendWelcomeAction } from '../registrieren/actions'
import { confirmParticipationAction } from './actions'

// Personal: rendered per request, never cached.
export const dynamic = 'force-dynamic'

type Props = { params: Promise<PortalParams>; searchParams: Promise<SearchParams> }

/** The opt-in link's screen is titled as its trail ("Teilnahme bestätigen"), the others "Ihre Empfehlung". */
export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { ctx } = await resolvePortal(params)
  const t = await getTranslations({ locale: ctx.locale, namespace: 'Confirmation' })
  return { title: first((await searchParams).token) !== undefined ? t('confirmTrail') : t('metaTitle') }
}

/**
 * EmpfehlungBestaetigung and EmpfehlungTeilen (SPEC §2.2), in three states:
 * - `?token=`: the opt-in link of the recommendation mail, used by POST from the browser;
 * - `?empfehlung={nr}`: the share screen of the logged-in referrer's recommendation, with the success
 *   text only right after it was created or confirmed (`&neu=1`), not when shared again later;
 * - neither: right after a recommendation that waits for the opt-in, the hint to the mail and a resend.
 */
export default async function ConfirmationPage({ params, searchParams }: Props) {
  const { portal, query, session, carried, routeHref } = await openScreen(
    { params, searchParams },
    'Confirmation',
  )
  const { ctx, config } = portal
  const t = await getTranslations('Confirmation')
  const ts = await getTranslations('Success')
  const crumbs = <Breadcrumbs ctx={ctx} trail={[{ route: 'Confirmation', label: t('metaTitle') }]} />
  const token = first(query.token)
  if (token !== undefined) {
    return (
      <>
        <Breadcrumbs ctx={ctx} trail={[{ route: 'Confirmation', label: t('confirmTrail') }]} />
        <h1>{t('optinTitle')}</h1>
        <ClientMessages locale={ctx.locale} namespaces={['Errors']}>
          <TokenLoginForm
            action={confirmParticipationAction}
            fields={{ tenant: segmentOf(ctx), token, widget: first(query.widget) }}
            label={t('confirm')}
            pendingLabel={t('confirming')}
          />
        </ClientMessages>
        <p>
          <Link href={routeHref('Login')}>{t('toLogin')}</Link>
        </p>
      </>
    )
  }

  const nummer = first(query.empfehlung)
  if (nummer !== undefined) {
    const own = await ownRecommendation(portal, session, 'Confirmation', query, nummer)
    const { recommendation } = own
    const format = await getFormatter()
    const fresh = first(query.neu) === '1'
    return (
      <>
        <SessionRefresh />
        {crumbs}
        <h1>{fresh ? t('title') : t('shareTitle')}</h1>
        {!recommendation ? (
          <p className="alert alert--error" role="alert">
            {t('missing')}
          </p>
        ) : recommendation.Status === 'Abgelaufen' ? (
          <p className="alert alert--error" role="alert">
            {t('expired')}
          </p>
        ) : (
          <>
            {fresh && (
              <p className="alert alert--success" role="status">
                {ts('recommendation')}
              </p>
            )}
            <SharePanel
              recommendation={recommendation}
              settings={config.Settings}
              referrer={own.session.account}
              locale={ctx.locale}
              offlineHref={href(ctx, 'Thanks', undefined, {
                ...carried,
                empfehlung: recommendation.Empfehlungsnummer,
              })}
              storyHref={`/api/story/${encodeURIComponent(ctx.tenant)}/${recommendation.Empfehlungsnummer}?locale=${ctx.locale}`}
              note={
                recommendation.GueltigBis
                  ? t('validUntil', { datum: formatDate(format, recommendation.GueltigBis) })
                  : undefined
              }
            />
          </>
        )}
        <div className="button-row">
          <Link className="button button--secondary" href={routeHref('Dashboard')}>
            {t('toDashboard')}
          </Link>
          <Link className="button button--secondary" href={routeHref('Homepage')}>
            {t('recommendMore')}
          </Link>
        </div>
      </>
    )
  }

  const email = await pendingOptin(ctx.tenant)
  if (!email) redirect(routeHref('Homepage'))
  const tr = await getTranslations('Recommend')
  return (
    <>
      {crumbs}
      <h1>{t('title')}</h1>
      <p className="alert alert--success" role="status">
        {ts('recommendation')}
      </p>
      <section className="panel" aria-labelledby="optin-title">
        <h2 id="optin-title">{t('optinTitle')}</h2>
        <p>{email ? t('optinText', { email }) : t('optinTextNoEmail')}</p>
        <p className="hint">{t('optinHint')}</p>
        <ClientMessages locale={ctx.locale} namespaces={['Validation', 'Errors']}>
          <EmailRequestForm
            action={resendWelcomeAction}
            tenant={segmentOf(ctx)}
            idPrefix="optin"
            defaultEmail={email}
            labels={{
              email: tr('email'),
              submit: tr('resend'),
              submitting: tr('resending'),
              sent: tr('resent'),
            }}
          />
        </ClientMessages>
      </section>
    </>
  )
}
