'use client'

import { useEffect, useLayoutEffect } from 'react'
import { configureConsent, refreshConsent } from '@/lib/portal/consent/store'
import type { CookieSettings } from '@/lib/portal/consent/consent-cookie'

/**
 * Gives the browser's consent store the page's tenant and cookie settings. A layout effect runs before
 * every other component's effects, so no code of the page can write before the store knows the consent.
 * The cookie is read again when the tab becomes visible (a choice made in another tab).
 */
export function ConsentSetup({ tenant, cookie }: { tenant: string; cookie: CookieSettings }) {
  const { ExpiresDays, Path, Secure, SameSite, Domain } = cookie
  useLayoutEffect(() => {
    configureConsent({ tenant, cookie: { ExpiresDays, Path, Secure, SameSite, Domain } })
  }, [tenant, ExpiresDays, Path, Secure, SameSite, Domain])

  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') refreshConsent()
    }
    document.addEventListener('visibilitychange', onVisible)
    return () => document.removeEventListener('visibilitychange', onVisible)
  }, [])
  return null
}
