import type { Metadata } from 'next'
import { formatDate } from '@/lib/i18n/dates'
import { redirect } from 'next/navigation'
import { getFormatter, getTranslations } from 'next-intl/server'
import { DeleteBankDataForm } from '@/components/account/delete-bank-data-form'
import { Breadcrumbs } from '@/components/layout/breadcrumbs'
import { BankDataForm } from '@/components/recipient/bank-data-form'
import { ClientMessages } from '@/components/ui/client-messages'
import { FocusedNotice } from '@/components/ui/focused-notice'
import { getReferrerBankData } from '@/lib/portal/main-api/bank-data'
import { apiContext } from '@/lib/portal/main-api/context'
import { MainApiError } from '@/lib/portal/main-api/client'
import {
  carriedQuery,
  first,
  loginRedirectHref,
  requireSession,
  type SearchParams,
} from '@/lib/portal/guards'
import { resolvePortal, type PortalParams } from '@/lib/portal/resolve'
import { href, segmentOf } from '@/lib/routes/href'
import { saveReferrerBankDataAction, deleteReferrerBankDataAction } from './actions'
import styles from './page.module.css'

// Personal: rendered per request, never cached.
export const dynamic = 'force-dynamic'

type Props = { params: Promise<PortalParams>; searchParams: Promise<SearchParams> }

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { ctx } = await resolvePortal(params)
  const t = await getTranslations({ locale: ctx.locale, namespace: 'ReferrerBank' })
  return { title: t('title'), robots: { index: false } }
}

/**
 * EmpfehlerBankdaten (SPEC §2.1 /empfehler/bankdaten, under my data): the logged-in referrer's account
 * for cash rewards, shown masked, changed by the form and deleted after a confirmation. A tenant
 * without ModuleStoringBankdata has no such screen: it leads to my data.
 */
export default async function ReferrerBankDataPage({ params, searchParams }: Props) {
  const portal = await resolvePortal(params)
  const query = await searchParams
  const session = await requireSession(portal, 'BankDetailsRecommender', {}, query)
  const { ctx, config } = portal
  const myData = href(ctx, 'Settings', undefined, carriedQuery(query))
  if (!config.Settings.ModuleStoringBankdata) redirect(myData)
  const current = await getReferrerBankData(apiContext(ctx, session)).catch((error: unknown) => {
    if (error instanceof MainApiError && (error.code === 'NichtGefunden' || error.code === 'PSOF0204'))
      return error.code
    throw error
  })
  if (current === 'NichtGefunden') redirect(myData)
  if (current === 'PSOF0204') redirect(loginRedirectHref(portal, 'BankDetailsRecommender', {}, query))

  const t = await getTranslations('ReferrerBank')
  const format = await getFormatter()
  const widget = first(query.widget)
  const tenant = segmentOf(ctx)
  const notice = first(query.bankdaten)
  const changedAt = current.GeaendertAm ? new Date(current.GeaendertAm) : null
  return (
    <>
      <Breadcrumbs
        ctx={ctx}
        trail={[{ route: 'Dashboard' }, { route: 'Settings' }, { route: 'BankDetailsRecommender' }]}
      />
      <h1>{t('title')}</h1>
      {notice === 'gespeichert' && current.IBAN !== null && (
        <FocusedNotice key={current.GeaendertAm}>{t('bankSaved')}</FocusedNotice>
      )}
      {notice === 'geloescht' && current.IBAN === null && <FocusedNotice>{t('deleted')}</FocusedNotice>}
      <p className="lead">{t('intro')}</p>
      <ClientMessages locale={ctx.locale} namespaces={['ReferrerBank', 'Validation', 'Errors']}>
        <div className="stack">
          <section className="panel" aria-labelledby="bank-current-title">
            <h2 id="bank-current-title">{t('currentTitle')}</h2>
            {current.IBAN !== null && changedAt ? (
              <dl className={`data-list ${styles.account}`}>
                <dt>{t('iban')}</dt>
                <dd>{current.IBAN}</dd>
                <dt>{t('kontoinhaber')}</dt>
                <dd>{current.Kontoinhaber}</dd>
                <dt>{t('changedAt')}</dt>
                <dd>
                  <time dateTime={current.GeaendertAm}>
                    {t('changedAtValue', {
                      datum: formatDate(format, changedAt),
                      uhrzeit: format.dateTime(changedAt, {
                        hour: '2-digit',
                        minute: '2-digit',
                        hourCycle: 'h23',
                      }),
                    })}
                  </time>
                </dd>
              </dl>
            ) : (
              <p>{t('none')}</p>
            )}
          </section>

          <section className="panel" aria-labelledby="bank-form-title">
            <h2 id="bank-form-title">{current.IBAN !== null ? t('changeTitle') : t('addTitle')}</h2>
            {current.IBAN !== null && <p>{t('changeIntro')}</p>}
            <BankDataForm
              // A new account (or none) is a new form: the fields start empty again.
              key={current.GeaendertAm ?? 'keines'}
              action={saveReferrerBankDataAction}
              tenant={tenant}
              widget={widget}
              germanOnly={config.Settings.ModuleIBANNurDE}
              messages="ReferrerBank"
              idPrefix="referrer-bank"
            />
          </section>

          {current.IBAN !== null && (
            <section className="panel panel--danger" aria-labelledby="bank-delete-section-title">
              <h2 id="bank-delete-section-title">{t('deleteTitle')}</h2>
              <p>{t('deleteIntro')}</p>
              <DeleteBankDataForm
                action={deleteReferrerBankDataAction}
                tenant={tenant}
                widget={widget}
                iban={current.IBAN}
              />
            </section>
          )}
        </div>
      </ClientMessages>
    </>
  )
}
