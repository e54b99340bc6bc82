import Link from 'next/link'
import { getTranslations } from 'next-intl/server'
import { Breadcrumbs } from '@/components/layout/breadcrumbs'
import { DeleteAccountForm } from '@/components/account/delete-account-form'
import { PortalFields } from '@/components/account/portal-fields'
import { MyDataAccount, MyDataLanguage, MyDataNewsletter } from '@/components/account/my-data-personal'
import { ClientMessages } from '@/components/ui/client-messages'
import { PendingButton } from '@/components/ui/pending-button'
import { isErrorCode } from '@/lib/shared/errors'
import {
  carriedQuery,
  first,
  loginRedirectHref,
  requireSession,
  type SearchParams,
} from '@/lib/portal/guards'
import { resolvePortal, type PortalParams } from '@/lib/portal/resolve'
import { href, segmentOf, sessionUrlOf } from '@/lib/routes/href'
import {
  deleteAccountAction,
  subscribeNewsletterAction,
  unsubscribeNewsletterAction,
  updateLanguageAction,
} from './actions'
import { routeMetadata } from '@/lib/portal/route-metadata'

export const generateMetadata = routeMetadata('Settings', { personal: true })

// Rendered per request for a logged-in referrer, the same for every one: the account's own details are
// read by the browser (components/account/my-data-personal.tsx), so the edge may keep the page for the
// next referrer whose login it has just checked (lib/edge/anonymous-cache.mjs). Never stored elsewhere.
export const dynamic = 'force-dynamic'

type Props = { params: Promise<PortalParams>; searchParams: Promise<SearchParams> }

// MeineDaten: personal data, password, newsletter, language, account deletion.
export default async function MyDataPage({ params, searchParams }: Props) {
  const portal = await resolvePortal(params)
  const query = await searchParams
  await requireSession(portal, 'Settings', {}, query)
  const t = await getTranslations('MyData')
  const tl = await getTranslations('Language')
  const tr = await getTranslations('Registration')
  const te = await getTranslations('Errors')
  const tc = await getTranslations('CustomerNumber')
  const tb = await getTranslations('ReferrerBank')
  const settings = portal.config.Settings
  const tenant = segmentOf(portal.ctx)
  const widget = first(query.widget)
  const hidden = <PortalFields tenant={tenant} widget={widget} />
  const newsletterNotice = first(query.newsletter)
  const error = first(query.fehler)
  const sessionUrl = sessionUrlOf(portal.ctx)
  return (
    <>
      <Breadcrumbs ctx={portal.ctx} trail={[{ route: 'Dashboard' }, { route: 'Settings' }]} />
      <h1>{t('title')}</h1>
      <p className="lead">{t('intro')}</p>
      {/* The texts of the account's parts and the deletion form, which the browser renders. */}
      <ClientMessages
        locale={portal.ctx.locale}
        namespaces={['MyData', 'Newsletter', 'Validation', 'Errors']}
      >
        <div className="stack">
          <section className="panel" aria-labelledby="personal-title">
            <h2 id="personal-title">{t('personalTitle')}</h2>
            <MyDataAccount
              sessionUrl={sessionUrl}
              anreden={{ Frau: tr('Frau'), Herr: tr('Herr'), Divers: tr('Divers') }}
              loginHref={loginRedirectHref(portal, 'Settings', {}, query)}
            />
            <p>{t('emailHint', { support: settings.SupportEmail })}</p>
          </section>

          <LinkPanel
            id="password-title"
            title={t('passwordTitle')}
            text={t('passwordHint')}
            href={href(portal.ctx, 'ChangePassword', undefined, carriedQuery(query))}
            label={t('changePassword')}
          />

          {settings.ModuleStoringBankdata && (
            <LinkPanel
              id="bank-title"
              title={tb('title')}
              text={tb('myDataText')}
              href={href(portal.ctx, 'BankDetailsRecommender', undefined, carriedQuery(query))}
              label={tb('myDataLink')}
            />
          )}

          {settings.RewardKinds.includes('credit') && (
            <LinkPanel
              id="customer-number-title"
              title={tc('title')}
              text={tc('settingsHint', { mandant: settings.Name })}
              href={href(portal.ctx, 'CustomerNumber', undefined, carriedQuery(query))}
              label={tc('settingsLink')}
            />
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
              <MyDataNewsletter
                sessionUrl={sessionUrl}
                tenant={tenant}
                widget={widget}
                subscribe={subscribeNewsletterAction}
                unsubscribe={unsubscribeNewsletterAction}
                justRequested={newsletterNotice === 'angefordert'}
              />
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
              <MyDataLanguage
                sessionUrl={sessionUrl}
                languages={settings.Languages}
                labels={Object.fromEntries(settings.Languages.map((locale) => [locale, tl(locale)]))}
              />
              <div>
                <PendingButton label={t('languageSave')} pendingLabel={t('languageSave')} />
              </div>
            </form>
          </section>

          <section className="panel panel--danger" aria-labelledby="delete-title">
            <h2 id="delete-title">{t('deleteTitle')}</h2>
            <p>{t('deleteIntro')}</p>
            <DeleteAccountForm action={deleteAccountAction} tenant={tenant} widget={widget} />
          </section>
        </div>
      </ClientMessages>
    </>
  )
}

/** A panel that leads on to another screen: its title, a sentence and the button link. */
function LinkPanel(props: { id: string; title: string; text: string; href: string; label: string }) {
  return (
    <section className="panel" aria-labelledby={props.id}>
      <h2 id={props.id}>{props.title}</h2>
      <p>{props.text}</p>
      <p>
        <Link className="button button--secondary" href={props.href}>
          {props.label}
        </Link>
      </p>
    </section>
  )
}
