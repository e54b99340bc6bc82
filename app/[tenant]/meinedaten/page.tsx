import Link from 'next/link'
import { formatDate } from '@/lib/i18n/dates'
import { getFormatter, getTranslations } from 'next-intl/server'
import { Breadcrumbs } from '@/components/layout/breadcrumbs'
import { DeleteAccountForm } from '@/components/account/delete-account-form'
import { PortalFields } from '@/components/account/portal-fields'
import { ClientMessages } from '@/components/ui/client-messages'
import { PendingButton } from '@/components/ui/pending-button'
import { isErrorCode } from '@/lib/shared/errors'
import { carriedQuery, first, requireSession, type SearchParams } from '@/lib/portal/guards'
import { resolvePortal, type PortalParams } from '@/lib/portal/resolve'
import { href, segmentOf } from '@/lib/routes/href'
import {
  deleteAccountAction,
  subscribeNewsletterAction,
  unsubscribeNewsletterAction,
  updateLanguageAction,
} from './actions'

// Personal: rendered per request, never cached.
export const dynamic = 'force-dynamic'

type Props = { params: Promise<PortalParams>; searchParams: Promise<SearchParams> }

// MeineDaten: personal data, password, newsletter, language, account deletion.
export default async function MyDataPage({ params, searchParams }: Props) {
  const portal = await resolvePortal(params)
  const query = await searchParams
  const { account } = await requireSession(portal, 'Settings', {}, query)
  const t = await getTranslations('MyData')
  const tr = await getTranslations('Registration')
  const tl = await getTranslations('Language')
  const te = await getTranslations('Errors')
  const tn = await getTranslations('Newsletter')
  const tc = await getTranslations('CustomerNumber')
  const tb = await getTranslations('ReferrerBank')
  const format = await getFormatter()
  const settings = portal.config.Settings
  const tenant = segmentOf(portal.ctx)
  const widget = first(query.widget)
  const hidden = <PortalFields tenant={tenant} widget={widget} />
  const newsletterNotice = first(query.newsletter)
  const error = first(query.fehler)
  const status = account.newsletterpermission
    ? 'optedIn'
    : account.newsletterpermissionversendetam
      ? 'pending'
      : 'optedOut'
  const anrede = account.anrede === 'Frau' || account.anrede === 'Herr' || account.anrede === 'Divers'
  return (
    <>
      <Breadcrumbs ctx={portal.ctx} trail={[{ route: 'Dashboard' }, { route: 'Settings' }]} />
      <h1>{t('title')}</h1>
      <p className="lead">{t('intro')}</p>
      <div className="stack">
        <section className="panel" aria-labelledby="personal-title">
          <h2 id="personal-title">{t('personalTitle')}</h2>
          <dl className="data-list">
            {anrede && (
              <>
                <dt>{t('anrede')}</dt>
                <dd>{tr(account.anrede as 'Frau' | 'Herr' | 'Divers')}</dd>
              </>
            )}
            <dt>{t('name')}</dt>
            <dd>
              {account.vorname} {account.nachname}
            </dd>
            <dt>{t('email')}</dt>
            <dd>{account.email}</dd>
          </dl>
          <p>{t('emailHint', { support: settings.SupportEmail })}</p>
        </section>

        <section className="panel" aria-labelledby="password-title">
          <h2 id="password-title">{t('passwordTitle')}</h2>
          <p>{t('passwordHint')}</p>
          <p>
            <Link
              className="button button--secondary"
              href={href(portal.ctx, 'ChangePassword', undefined, carriedQuery(query))}
            >
              {t('changePassword')}
            </Link>
          </p>
        </section>

        {settings.ModuleStoringBankdata && (
          <section className="panel" aria-labelledby="bank-title">
            <h2 id="bank-title">{tb('title')}</h2>
            <p>{tb('myDataText')}</p>
            <p>
              <Link
                className="button button--secondary"
                href={href(portal.ctx, 'BankDetailsRecommender', undefined, carriedQuery(query))}
              >
                {tb('myDataLink')}
              </Link>
            </p>
          </section>
        )}

        {settings.RewardKinds.includes('credit') && (
          <section className="panel" aria-labelledby="customer-number-title">
            <h2 id="customer-number-title">{tc('title')}</h2>
            <p>{tc('settingsHint', { mandant: settings.Name })}</p>
            <p>
              <Link
                className="button button--secondary"
                href={href(portal.ctx, 'CustomerNumber', undefined, carriedQuery(query))}
              >
                {tc('settingsLink')}
              </Link>
            </p>
          </section>
        )}

        {settings.ModuleNewsletterPermission && (
          <section className="panel" id="newsletter" aria-labelledby="newsletter-title">
            <h2 id="newsletter-title">{t('newsletterTitle')}</h2>
            {newsletterNotice === 'angefordert' && (
              <p className="alert alert--success" role="status">
                {t('subscribed')}
              </p>
            )}
            {newsletterNotice === 'abbestellt' && (
              <p className="alert alert--success" role="status">
                {t('unsubscribed')}
              </p>
            )}
            {error && isErrorCode(error) && (
              <p className="alert alert--error" role="alert">
                {te(error)}
              </p>
            )}
            <p>
              {status === 'optedIn' && t('statusOptedIn')}
              {status === 'pending' &&
                t('statusPending', {
                  datum: formatDate(format, new Date(account.newsletterpermissionversendetam!)),
                })}
              {status === 'optedOut' && t('statusOptedOut')}
            </p>
            {status !== 'optedIn' && <p className="consent-text">{tn('consentText')}</p>}
            <div className="button-row">
              {status !== 'optedIn' && (
                <form action={subscribeNewsletterAction}>
                  {hidden}
                  <PendingButton label={t('subscribe')} pendingLabel={t('subscribe')} />
                </form>
              )}
              {status !== 'optedOut' && (
                <form action={unsubscribeNewsletterAction}>
                  {hidden}
                  <PendingButton
                    label={t('unsubscribe')}
                    pendingLabel={t('unsubscribe')}
                    variant="secondary"
                  />
                </form>
              )}
            </div>
          </section>
        )}

        <section className="panel" aria-labelledby="language-title">
          <h2 id="language-title">{t('languageTitle')}</h2>
          {first(query.sprache) === 'gespeichert' && (
            <p className="alert alert--success" role="status">
              {t('languageSaved')}
            </p>
          )}
          <p>{t('languageHint')}</p>
          <form className="form" action={updateLanguageAction}>
            {hidden}
            <div className="field">
              <label htmlFor="language">{t('languageTitle')}</label>
              <select id="language" name="language" defaultValue={account.language}>
                {settings.Languages.map((locale) => (
                  <option key={locale} value={locale}>
                    {tl(locale)}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <PendingButton label={t('languageSave')} pendingLabel={t('languageSave')} />
            </div>
          </form>
        </section>

        <section className="panel panel--danger" aria-labelledby="delete-title">
          <h2 id="delete-title">{t('deleteTitle')}</h2>
          <p>{t('deleteIntro')}</p>
          <ClientMessages locale={portal.ctx.locale} namespaces={['MyData', 'Validation', 'Errors']}>
            <DeleteAccountForm action={deleteAccountAction} tenant={tenant} widget={widget} />
          </ClientMessages>
        </section>
      </div>
    </>
  )
}
