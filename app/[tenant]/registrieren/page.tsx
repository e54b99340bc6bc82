import { invitedPerson } from '@/lib/portal/session'
import Link from 'next/link'
import { getTranslations } from 'next-intl/server'
import { Breadcrumbs } from '@/components/layout/breadcrumbs'
import { EmailRequestForm } from '@/components/account/email-request-form'
import { RegistrationForm } from '@/components/account/registration-form'
import { SetPasswordScreen } from '@/components/account/set-password-screen'
import { setPasswordAction } from '../passwortsetzen/actions'
import { ClientMessages } from '@/components/ui/client-messages'
import { first, openScreen, type SearchParams } from '@/lib/portal/guards'
import { resolvePortal, type PortalParams } from '@/lib/portal/resolve'
import { segmentOf } from '@/lib/routes/href'
import { registerAction, resendWelcomeAction } from './actions'
import { routeMetadata } from '@/lib/portal/route-metadata'
import type { Metadata } from 'next'

type Props = { params: Promise<PortalParams>; searchParams: Promise<SearchParams> }

/** Titled as its heading: "Registrierung abschließen" with the welcome mail's link, else "Registrieren". */
export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const completing = first((await searchParams).token) !== undefined
  const metadata = await routeMetadata('Registration', { personal: true })({ params })
  if (completing) return metadata
  const { ctx } = await resolvePortal(params)
  const t = await getTranslations({ locale: ctx.locale, namespace: 'Registration' })
  return { ...metadata, title: t('title') }
}

// Personal: rendered per request, never cached.
export const dynamic = 'force-dynamic'

/**
 * RegistrierungAbschliessen: with the welcome mail's link (?token=) the password is set and the
 * registration completed; without one, a free registration that sends that mail.
 */
export default async function RegistrationPage({ params, searchParams }: Props) {
  const { portal, query, routeHref } = await openScreen({ params, searchParams }, 'Registration')
  const trail = [{ route: 'Registration' as const }]
  if (first(query.token) !== undefined) {
    return (
      <>
        <Breadcrumbs ctx={portal.ctx} trail={trail} />
        <SetPasswordScreen
          portal={portal}
          searchParams={query}
          registration
          setPassword={setPasswordAction}
        />
      </>
    )
  }
  const t = await getTranslations('Registration')
  const tenant = segmentOf(portal.ctx)
  return (
    <>
      <Breadcrumbs ctx={portal.ctx} trail={[{ route: 'Registration', label: t('title') }]} />
      <h1>{t('title')}</h1>
      <p className="lead">{t('intro', { programm: portal.config.Settings.ProgrammName })}</p>
      <div className="stack">
        <ClientMessages locale={portal.ctx.locale} namespaces={['Registration', 'Validation', 'Errors']}>
          <RegistrationForm
            action={registerAction}
            tenant={tenant}
            termsHref={routeHref('TOS')}
            privacyHref={routeHref('Privacy')}
            invited={await invitedPerson(portal.ctx.tenant)}
          />
        </ClientMessages>
        <p>
          {t('haveAccount')} <Link href={routeHref('Login')}>{t('loginLink')}</Link>
        </p>
        <section className="panel" aria-labelledby="resend-title">
          <h2 id="resend-title">{t('resendTitle')}</h2>
          <p>{t('resendIntro')}</p>
          <ClientMessages locale={portal.ctx.locale} namespaces={['Validation', 'Errors']}>
            <EmailRequestForm
              action={resendWelcomeAction}
              tenant={tenant}
              idPrefix="resend"
              labels={{
                email: t('email'),
                submit: t('resendSubmit'),
                submitting: t('submitting'),
                sent: t('resendSent'),
              }}
            />
          </ClientMessages>
        </section>
      </div>
    </>
  )
}
