'use client'

import { useEffect, useRef } from 'react'
import { useTranslations } from 'next-intl'
import { useSession } from './use-session'

/**
 * Shows the support-session notice and drops an expired session: the session route is read every
 * 60 s (SPEC §4); when a login ends, the page is reloaded so no personal data stays on screen.
 */
export function SessionWatch({ sessionUrl }: { sessionUrl: string }) {
  const t = useTranslations('Session')
  const { data } = useSession(sessionUrl)
  const wasLoggedIn = useRef(false)

  useEffect(() => {
    if (data?.loggedIn) wasLoggedIn.current = true
    else if (data && wasLoggedIn.current) window.location.reload()
  }, [data])

  if (!data?.loggedIn || !data.admin) return null
  return (
    <div className="support-notice" role="status">
      <div className="container">{t('supportSession', { name: `${data.vorname} ${data.nachname}` })}</div>
    </div>
  )
}
