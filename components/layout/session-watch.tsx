'use client'

import { useEffect, useRef } from 'react'
import { usePathname } from 'next/navigation'
import { useTranslations } from 'next-intl'
import { shortenText } from '@/lib/shared/text/shorten'
import { useSession } from './use-session'

/**
 * Shows the support-session notice and drops an expired session: the session route is read every
 * checkIntervalSeconds (SPEC §4: 60 s; tenant setting Limits.TokenCheckIntervalSeconds); when a login
 * ends, the page is reloaded so no personal data stays on screen.
 */
export function SessionWatch({
  sessionUrl,
  checkIntervalSeconds,
}: {
  sessionUrl: string
  checkIntervalSeconds: number
}) {
  const t = useTranslations('Session')
  const { data, isLoading } = useSession(sessionUrl, checkIntervalSeconds)
  const pathname = usePathname()
  const seen = useRef<{ pathname: string; loggedIn: boolean } | null>(null)

  // Only a login that ends while the page stays (expiry, logout elsewhere) reloads it: a navigation
  // (such as the redirect after logging out) renders the new page with the current state anyway.
  useEffect(() => {
    if (!data || isLoading) return
    const before = seen.current
    seen.current = { pathname, loggedIn: data.loggedIn }
    if (before?.pathname === pathname && before.loggedIn && !data.loggedIn) window.location.reload()
  }, [data, isLoading, pathname])

  if (!data?.loggedIn || !data.admin) return null
  return (
    <div className="support-notice" role="status">
      <div className="container">
        {t('supportSession', { name: shortenText(`${data.vorname} ${data.nachname}`) })}
      </div>
    </div>
  )
}
