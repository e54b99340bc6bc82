import Link from 'next/link'
import { getTranslations } from 'next-intl/server'
import { Breadcrumbs } from '@/components/layout/breadcrumbs'
import { EmailRequestForm } from '@/components/account/email-request-form'
import { ClientMessages } from '@/components/ui/client-messages'
import { applyRouteRules, carriedQuery, type SearchParams } from '@/lib/portal/guards'
import { resolvePortal, type PortalParams } from '@/lib/portal/resolve'
import { href, segmentOf } from '@/lib/routes/href'
import { forgotPasswordAction } from './actions'

// Personal: rendered per request, never cached.
export const dynamic = 'force-dynamic'

type Props = { params: Promise<PortalParams>; searchParams: Promise<SearchParams> }

// PasswortVergessen: the mail with a link to set a new password.
export default async function ForgotPasswordPage({ params, searchParams }: Props) {
  const portal = await resolvePortal(params)
  const query = await searchParams
  await applyRouteRules(portal, 'ForgotPassword', {}, query)
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
        <Link href={href(portal.ctx, 'Login', undefined, carriedQuery(query))}>{t('backToLogin')}</Link>
      </p>
    </>
  )
}
