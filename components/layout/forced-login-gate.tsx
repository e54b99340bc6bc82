'use client'

import { useEffect } from 'react'
import { usePathname, useSearchParams } from 'next/navigation'
import { useTranslations } from 'next-intl'
import { href, routePathOf, type PortalContext } from '@/lib/routes/href'
import { forcedLoginApplies } from '@/lib/routes/forced-login'
import { loginRedirectParam } from '@/lib/routes/redirect-target'
import type { TenantSettings } from '@/lib/shared/tenants/settings'
import { useSession } from './use-session'

/**
 * ModuleErzwingeLogin in the browser: a visitor whose login ends while a page is open is sent to login.
 * The server decides first (the production server's edge step lib/edge/forced-login.mjs for every page,
 * screens rendered per request once more); whitelisted routes and unknown paths stay open.
 */
type Props = {
  ctx: PortalContext
  sessionUrl: string
  settings: Pick<TenantSettings, 'IsAutologin' | 'ModuleErzwingeLogin'>
}

export function ForcedLoginGate({ ctx, sessionUrl, settings }: Props) {
  const t = useTranslations('Session')
  const pathname = usePathname() ?? '/'
  const searchParams = useSearchParams()
  const open = !forcedLoginApplies(routePathOf(ctx, pathname), settings)
  // isLoading: the answer for this page is still out. The data shown meanwhile may be the previous
  // page's (keepPreviousData), such as the login page's "not logged in" right after logging in.
  const { data, isLoading } = useSession(sessionUrl)
  const mustLeave = !open && !isLoading && data !== undefined && !data.loggedIn

  useEffect(() => {
    if (!mustLeave) return
    const redirect = loginRedirectParam(routePathOf(ctx, pathname), searchParams.entries())
    window.location.replace(href(ctx, 'Login', undefined, { redirect, widget: searchParams.get('widget') }))
  }, [mustLeave, ctx, pathname, searchParams])

  if (open || data?.loggedIn) return null
  return (
    <div className="gate" role="status">
      <div className="container">{t('forcedLoginCheck')}</div>
    </div>
  )
}
