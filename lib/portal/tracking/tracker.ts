import { hasConsent, readCookie, writeCookie } from '@/lib/portal/consent/store'
import { VISITOR_COOKIE_ENTRY } from '@/lib/portal/consent/registry'
import { buildPageView, newVisitorId, VISITOR_ID_PATTERN } from './page-view'

/**
 * The Matomo-compatible tracker of the browser, imported only once analytics consent is given
 * (components/tracking/page-tracker.tsx). It sends page views first-party to the portal's tracking
 * route (/api/tracking/{tenant}), which forwards them; the page's CSP stays 'self'. Every call checks
 * the consent again, so nothing is sent after a withdrawal.
 */
export type TrackerOptions = {
  /** The portal's tracking route of the tenant. */
  endpoint: string
  /** The tenant's tracking ids for the current environment. */
  siteIds: readonly string[]
  /** Lifetime of the visitor cookie (the tenant's Limits.CookieLifetimeDays). */
  visitorCookieDays: number
}

export type PageView = { url: string; title: string; referrer: string | null }

export function createTracker(options: TrackerOptions) {
  let visitorId: string | null = null

  function visitor(): string {
    if (!visitorId) {
      const stored = readCookie(VISITOR_COOKIE_ENTRY.name)
      visitorId = stored && VISITOR_ID_PATTERN.test(stored) ? stored : newVisitorId()
    }
    // Kept in a registered analytics cookie, renewed with each page view like Matomo's own.
    writeCookie(VISITOR_COOKIE_ENTRY.name, visitorId, { maxAgeDays: options.visitorCookieDays })
    return visitorId
  }

  /** Sends one page view per tracking id; false (nothing sent) without analytics consent. */
  function trackPageView(view: PageView): boolean {
    if (!hasConsent('psoempf_an') || options.siteIds.length === 0) return false
    const id = visitor()
    const screen = typeof window !== 'undefined' ? window.screen : null
    for (const siteId of options.siteIds) {
      const hit = buildPageView({ siteId, ...view, visitorId: id, screen })
      void fetch(options.endpoint, {
        method: 'POST',
        keepalive: true,
        credentials: 'omit',
        headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
        body: JSON.stringify(hit),
      }).catch(() => undefined)
    }
    return true
  }

  return { trackPageView }
}

export type Tracker = ReturnType<typeof createTracker>
