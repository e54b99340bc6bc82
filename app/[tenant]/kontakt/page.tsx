import type { Metadata } from 'next'
import { getTranslations } from 'next-intl/server'
import { ContactForm } from '@/components/contact/contact-form'
import styles from '@/components/contact/contact-form.module.css'
import { Breadcrumbs } from '@/components/layout/breadcrumbs'
import { ClientMessages } from '@/components/ui/client-messages'
import { openScreen, type SearchParams } from '@/lib/portal/guards'
import { resolvePortal, type PortalParams } from '@/lib/portal/resolve'
import { segmentOf } from '@/lib/routes/href'
import { hotlineOf } from '@/lib/shared/tenants/hotline'
import { newCaptchaAction } from '../login/actions'
import { sendContactAction } from './actions'

// Prefilled for a logged-in referrer: rendered per request, never cached.
export const dynamic = 'force-dynamic'

type Props = { params: Promise<PortalParams>; searchParams: Promise<SearchParams> }

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { ctx } = await resolvePortal(params)
  const t = await getTranslations({ locale: ctx.locale, namespace: 'Contact' })
  return { title: t('metaTitle') }
}

// Kontakt (SPEC §2.2): the contact form with its captcha step; open under ModuleErzwingeLogin too.
export default async function ContactPage({ params, searchParams }: Props) {
  const { portal, session, routeHref } = await openScreen({ params, searchParams }, 'Contact')
  const { ctx, config } = portal
  const settings = config.Settings
  const hotline = hotlineOf(settings, ctx.locale)
  const t = await getTranslations('Contact')
  const account = session
    ? {
        name: `${session.account.vorname} ${session.account.nachname}`.trim(),
        email: session.account.email,
      }
    : null
  return (
    <>
      <Breadcrumbs ctx={ctx} trail={[{ route: 'Contact' }]} />
      <h1>{t('title')}</h1>
      <p className="lead">{t('intro', { programm: settings.ProgrammName })}</p>
      <p>
        {t.rich('mailHint', {
          support: settings.SupportEmail,
          mail: (chunks) => <a href={`mailto:${settings.SupportEmail}`}>{chunks}</a>,
        })}
      </p>
      {hotline && (
        <p>
          <strong>{t('hotlineTitle')}</strong>{' '}
          {t.rich('hotline', {
            nummer: hotline.nummer,
            zeiten: hotline.zeiten,
            tel: (chunks) => (
              <a href={`tel:${hotline.tel}`} className={styles.tel}>
                {chunks}
              </a>
            ),
          })}
        </p>
      )}
      <ClientMessages
        locale={ctx.locale}
        namespaces={['Contact', 'Validation', 'Errors', 'Captcha', 'Success']}
      >
        <ContactForm
          action={sendContactAction}
          reloadCaptcha={newCaptchaAction}
          tenant={segmentOf(ctx)}
          privacyHref={routeHref('Privacy')}
          supportEmail={settings.SupportEmail}
          account={account}
        />
      </ClientMessages>
    </>
  )
}
