import { prefixOf, routePathOf, type PortalContext } from '@/lib/routes/href'
import { matchRoute } from '@/lib/routes/table'

/** Query parameters that describe where a visit came from; every other one may carry a token and is dropped. */
const KEPT_QUERY = [
  'channel',
  'c',
  'pk_campaign',
  'mtm_campaign',
  'pk_kwd',
  'mtm_kwd',
  'pk_source',
  'mtm_source',
  'pk_medium',
  'mtm_medium',
  'widget',
]

/** Route parameters that say nothing about a person; others (tokens, recommendation numbers) are masked. */
const KEPT_PARAMS = ['produktId']

/**
 * The address as the analytics service may see it: no fragment, only campaign parameters in the query,
 * and route parameters other than the product id replaced by their name (/login/{adminLoginToken},
 * /empfehlung/{empfehlungsnummer}), so no token or number of a person leaves the portal.
 */
export function trackedUrl(ctx: PortalContext, href: string): string {
  const url = new URL(href)
  const query = new URLSearchParams()
  for (const [key, value] of url.searchParams) if (KEPT_QUERY.includes(key)) query.append(key, value)
  const search = query.toString() ? `?${query.toString()}` : ''
  const match = matchRoute(routePathOf(ctx, url.pathname))
  if (!match) return `${url.origin}${url.pathname}${search}`
  const path = match.route.path.replace(/\{(\w+)\}/g, (placeholder, key: string) =>
    KEPT_PARAMS.includes(key) && match.params[key] ? encodeURIComponent(match.params[key]) : placeholder,
  )
  const prefix = prefixOf(ctx)
  return `${url.origin}${path === '/' ? prefix || '/' : `${prefix}${path}`}${search}`
}

/** The referrer as the analytics service may see it: a page of the portal like trackedUrl, else its origin. */
export function trackedReferrer(ctx: PortalContext, referrer: string, origin: string): string | null {
  if (!referrer) return null
  try {
    const url = new URL(referrer)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
    return url.origin === origin ? trackedUrl(ctx, referrer) : `${url.origin}/`
  } catch {
    return null
  }
}
