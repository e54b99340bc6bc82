'use client'

import { useEffect } from 'react'
import { usePathname, useSearchParams } from 'next/navigation'
import { useTranslations } from 'next-intl'
import { href, routePathOf, type PortalContext } from '@/lib/routes/href'
import { loginRedirectParam } from '@/lib/routes/redirect-target'
import { decideRoute } from '@/lib/routes/rules'
import { matchRoute } from '@/lib/routes/table'
import type { TenantSettings } from '@/lib/tenants/settings'
import { useSession } from './use-session'

/**
 * ModuleErzwingeLogin on cached pages: their HTML is the same for every visitor, so the login is
 * checked in the browser and a visitor without one is sent to login (screens rendered per request
 * check the rule on the server). Whitelisted routes stay open.
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
  const match = matchRoute(routePathOf(ctx, pathname))
  const open = !match || decideRoute(match.route, settings, false) === 'render'
  const { data } = useSession(sessionUrl)
  const mustLeave = !open && data !== undefined && !data.loggedIn

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
