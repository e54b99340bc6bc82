import Link from 'next/link'
import { getTranslations } from 'next-intl/server'
import { Breadcrumbs } from '@/components/layout/breadcrumbs'
import { EmailRequestForm } from '@/components/account/email-request-form'
import { ClientMessages } from '@/components/ui/client-messages'
import { openScreen, type SearchParams } from '@/lib/portal/guards'
import type { PortalParams } from '@/lib/portal/resolve'
import { segmentOf } from '@/lib/routes/href'
import { forgotPasswordAction } from './actions'
import { routeMetadata } from '@/lib/portal/route-metadata'

export const generateMetadata = routeMetadata('ForgotPassword')

// Personal: rendered per request, never cached.
export const dynamic = 'force-dynamic'

type Props = { params: Promise<PortalParams>; searchParams: Promise<SearchParams> }

// PasswortVergessen: the mail with a link to set a new password.
export default async function ForgotPasswordPage({ params, searchParams }: Props) {
  const { portal, routeHref } = await openScreen({ params, searchParams }, 'ForgotPassword')
  const t = await getTranslations('ForgotPassword')
  return (
    <>
      <Breadcrumbs ctx={portal.ctx} trail={[{ route: 'Login' }, { route: 'ForgotPassword' }]} />
      <h1>{t('title')}</h1>
      <p className="lead">{t('intro')}</p>
      <ClientMessages locale={portal.ctx.locale} namespaces={['Validation', 'Errors']}>
        <EmailRequestForm
          action={forgotPasswordAction}
          tenant={segmentOf(portal.ctx)}
          idPrefix="forgot"
          labels={{ email: t('email'), submit: t('submit'), submitting: t('submitting'), sent: t('sent') }}
        />
      </ClientMessages>
      <p>
        <Link href={routeHref('Login')}>{t('backToLogin')}</Link>
      </p>
    </>
  )
}
