import { Breadcrumbs } from '@/components/layout/breadcrumbs'
import { SetPasswordScreen } from '@/components/account/set-password-screen'
import { setPasswordAction } from './actions'
import { openScreen, type SearchParams } from '@/lib/portal/guards'
import type { PortalParams } from '@/lib/portal/resolve'
import { routeMetadata } from '@/lib/portal/route-metadata'

export const generateMetadata = routeMetadata('SetPassword', { personal: true })

// Personal: rendered per request, never cached.
export const dynamic = 'force-dynamic'

type Props = { params: Promise<PortalParams>; searchParams: Promise<SearchParams> }

// PasswortZuruecksetzen: a new password with the link from the password-forgotten mail.
export default async function SetPasswordPage({ params, searchParams }: Props) {
  const { portal, query } = await openScreen({ params, searchParams }, 'SetPassword')
  return (
    <>
      <Breadcrumbs ctx={portal.ctx} trail={[{ route: 'Login' }, { route: 'SetPassword' }]} />
      <SetPasswordScreen
        portal={portal}
        searchParams={query}
        registration={false}
        setPassword={setPasswordAction}
      />
    </>
  )
}
