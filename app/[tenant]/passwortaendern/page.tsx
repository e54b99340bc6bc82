import Link from 'next/link'
import { getTranslations } from 'next-intl/server'
import { Breadcrumbs } from '@/components/layout/breadcrumbs'
import { getPasswordValidator } from '@/lib/portal/main-api/account'
import { apiContext } from '@/lib/portal/main-api/context'
import { ChangePasswordForm } from '@/components/account/change-password-form'
import { ClientMessages } from '@/components/ui/client-messages'
import { first, openScreen, type SearchParams } from '@/lib/portal/guards'
import type { PortalParams } from '@/lib/portal/resolve'
import { segmentOf } from '@/lib/routes/href'
import { changePasswordAction } from './actions'
import { routeMetadata } from '@/lib/portal/route-metadata'

export const generateMetadata = routeMetadata('ChangePassword', { personal: true })

// Personal: rendered per request, never cached.
export const dynamic = 'force-dynamic'

type Props = { params: Promise<PortalParams>; searchParams: Promise<SearchParams> }

// PasswortAendern: a logged-in referrer changes the password.
export default async function ChangePasswordPage({ params, searchParams }: Props) {
  const { portal, query, routeHref } = await openScreen({ params, searchParams }, 'ChangePassword')
  const t = await getTranslations('ChangePassword')
  return (
    <>
      <Breadcrumbs ctx={portal.ctx} trail={[{ route: 'Settings' }, { route: 'ChangePassword' }]} />
      <h1>{t('title')}</h1>
      <p className="lead">{t('intro')}</p>
      <ClientMessages
        locale={portal.ctx.locale}
        namespaces={['ChangePassword', 'SetPassword', 'Success', 'Validation', 'Errors']}
      >
        <ChangePasswordForm
          action={changePasswordAction}
          tenant={segmentOf(portal.ctx)}
          widget={first(query.widget)}
          passwordRule={await getPasswordValidator(apiContext(portal.ctx))}
        />
      </ClientMessages>
      <p>
        <Link href={routeHref('Settings')}>{t('back')}</Link>
      </p>
    </>
  )
}
