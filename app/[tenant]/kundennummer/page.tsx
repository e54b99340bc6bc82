import Link from 'next/link'
import { formatDate } from '@/lib/i18n/dates'
import { getFormatter, getTranslations } from 'next-intl/server'
import { Breadcrumbs } from '@/components/layout/breadcrumbs'
import { CustomerNumberForm } from '@/components/customer-number/customer-number-form'
import { ClientMessages } from '@/components/ui/client-messages'
import { apiContext } from '@/lib/portal/main-api/context'
import { getCustomerNumber } from '@/lib/portal/main-api/customer-number'
import { carriedQuery, first, requireSession, type SearchParams } from '@/lib/portal/guards'
import { resolvePortal, type PortalParams } from '@/lib/portal/resolve'
import { routeMetadata } from '@/lib/portal/route-metadata'
import { href, segmentOf } from '@/lib/routes/href'
import { saveCustomerNumberAction } from './actions'

// Personal: rendered per request, never cached.
export const dynamic = 'force-dynamic'

export const generateMetadata = routeMetadata('CustomerNumber', { personal: true })

type Props = { params: Promise<PortalParams>; searchParams: Promise<SearchParams> }

// KundenNummer with the BestandskundenAbfrage (SPEC §2.2): only where rewards can be credited.
export default async function CustomerNumberPage({ params, searchParams }: Props) {
  const portal = await resolvePortal(params)
  const query = await searchParams
  const session = await requireSession(portal, 'CustomerNumber', {}, query)
  const { ctx, config } = portal
  const t = await getTranslations('CustomerNumber')
  const format = await getFormatter()
  const carried = carriedQuery(query)
  const mandant = config.Settings.Name
  const result = await getCustomerNumber(apiContext(ctx, session))
  const stored = result.Status === 'Keine' ? null : { ...result, Status: result.Status }
  return (
    <>
      <Breadcrumbs
        ctx={ctx}
        trail={[{ route: 'Dashboard' }, { route: 'Settings' }, { route: 'CustomerNumber' }]}
      />
      <h1>{t('title')}</h1>
      <p className="lead">{t('intro', { mandant })}</p>
      {stored && (
        <section
          className="panel"
          id="customer-number-current"
          aria-labelledby="customer-number-current-title"
        >
          <h2 id="customer-number-current-title">{t('currentTitle')}</h2>
          {first(query.gespeichert) === 'ja' && (
            <p className="alert alert--success" role="status">
              {t('saved')}
            </p>
          )}
          <dl className="data-list">
            <dt>{t('number')}</dt>
            <dd>{stored.Kundennummer}</dd>
            <dt>{t('status')}</dt>
            <dd>{t(`statusText.${stored.Status}`)}</dd>
            {stored.GeaendertAm && (
              <>
                <dt>{t('changedAt')}</dt>
                <dd>{formatDate(format, new Date(stored.GeaendertAm))}</dd>
              </>
            )}
          </dl>
          <p>{t(`statusHint.${stored.Status}`, { mandant })}</p>
        </section>
      )}
      {/* Without a number on file the form is the page's content itself, under its heading. */}
      <div className="panel">
        {stored && <h2>{t('changeTitle')}</h2>}
        <ClientMessages locale={ctx.locale} namespaces={['CustomerNumber', 'Validation', 'Errors']}>
          <CustomerNumberForm
            action={saveCustomerNumberAction}
            tenant={segmentOf(ctx)}
            widget={first(query.widget)}
            mandant={mandant}
            bankDetailsHref={href(ctx, 'BankDetailsRecommender', undefined, carried)}
            existingCustomer={stored !== null}
          />
        </ClientMessages>
      </div>
      <p>
        <Link href={href(ctx, 'Settings', undefined, carried)}>{t('back')}</Link>
      </p>
    </>
  )
}
