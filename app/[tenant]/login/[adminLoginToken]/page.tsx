import { LoginScreen } from '@/components/account/login-screen'
import { loginAction, loginLinkAction, newCaptchaAction, tokenLoginAction } from '../actions'
import type { SearchParams } from '@/lib/portal/guards'
import { resolvePortal, type PortalParams } from '@/lib/portal/resolve'
import { routeMetadata } from '@/lib/portal/route-metadata'

export const generateMetadata = routeMetadata('Admin', { personal: true })

// Personal: rendered per request, never cached.
export const dynamic = 'force-dynamic'

type Props = {
  params: Promise<PortalParams & { adminLoginToken: string }>
  searchParams: Promise<SearchParams>
}

// /login/{adminLoginToken}: the admin login by token renders the login screen (SPEC §2.1).
export default async function AdminLoginPage({ params, searchParams }: Props) {
  const { adminLoginToken } = await params
  return (
    <LoginScreen
      actions={{
        login: loginAction,
        tokenLogin: tokenLoginAction,
        newCaptcha: newCaptchaAction,
        loginLink: loginLinkAction,
      }}
      portal={await resolvePortal(params)}
      searchParams={await searchParams}
      route="Admin"
      params={{ adminLoginToken }}
      adminToken={adminLoginToken}
    />
  )
}
