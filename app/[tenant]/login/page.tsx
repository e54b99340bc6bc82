import { LoginScreen } from '@/components/account/login-screen'
import { loginAction, loginLinkAction, newCaptchaAction, tokenLoginAction } from './actions'
import type { SearchParams } from '@/lib/portal/guards'
import { resolvePortal, type PortalParams } from '@/lib/portal/resolve'
import { routeMetadata } from '@/lib/portal/route-metadata'

export const generateMetadata = routeMetadata('Login')

// Personal: rendered per request, never cached.
export const dynamic = 'force-dynamic'

type Props = { params: Promise<PortalParams>; searchParams: Promise<SearchParams> }

export default async function LoginPage({ params, searchParams }: Props) {
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
      route="Login"
    />
  )
}
