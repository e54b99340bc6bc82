'use client'

import { useEffect, useRef } from 'react'
import { usePathname, useSearchParams } from 'next/navigation'
import { useConsent } from '@/lib/portal/consent/store'
import type { PortalContext } from '@/lib/routes/href'
import { trackedReferrer, trackedUrl } from '@/lib/portal/tracking/page-url'
import type { Tracker } from '@/lib/portal/tracking/tracker'

type Props = {
  ctx: PortalContext
  /** The tenant's tracking route (/api/tracking/{tenant}). */
  endpoint: string
  siteIds: readonly string[]
  visitorCookieDays: number
}

/**
 * Counts page views (Matomo-compatible) once analytics consent is given (psoempf_an = 1): the tracker's
 * code is imported only then, counts the page shown at that moment and every client-side navigation
 * after it, and stops at a withdrawal.
 */
export function PageTracker({ ctx, endpoint, siteIds, visitorCookieDays }: Props) {
  const consent = useConsent()
  const analytics = consent?.state.psoempf_an === 1
  const pathname = usePathname()
  const search = useSearchParams().toString()
  const tracker = useRef<Tracker | null>(null)
  const previousUrl = useRef<string | null>(null)
  const siteKey = siteIds.join(',')

  useEffect(() => {
    if (!analytics) {
      tracker.current = null
      return
    }
    let cancelled = false
    // A tick later: after a navigation the new page's title is in place.
    const timer = window.setTimeout(() => {
      void import('@/lib/portal/tracking/tracker').then(({ createTracker }) => {
        if (cancelled) return
        tracker.current ??= createTracker({ endpoint, siteIds: siteKey.split(','), visitorCookieDays })
        const url = trackedUrl(ctx, window.location.href)
        const referrer =
          previousUrl.current ?? trackedReferrer(ctx, document.referrer, window.location.origin)
        if (tracker.current.trackPageView({ url, title: document.title, referrer })) previousUrl.current = url
      })
    }, 0)
    return () => {
      cancelled = true
      window.clearTimeout(timer)
    }
  }, [analytics, pathname, search, ctx, endpoint, siteKey, visitorCookieDays])

  return null
}
