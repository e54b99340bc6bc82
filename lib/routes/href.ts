import { DEFAULT_LOCALE, isLocale, type Locale } from '@/lib/i18n/config'
import { isValidTenantSlug } from '@/lib/shared/tenants/slug'
import { buildPath, type RouteName, type RouteParams } from './table'

/**
 * Where the portal is addressed: /{tenant}[/en]/… or, on a tenant's own host, [/en]/… . The tenant
 * segment of the app's routes carries all of it: "demo" (German), "demo~en" (English), "h~demo" and
 * "h~demo~en" (host-mapped, links without the prefix). German URLs match the routes as they are; only
 * English and host-mapped URLs are rewritten to these forms (next.config.mjs).
 */
export type PortalContext = { tenant: string; locale: Locale; hostMapped: boolean }

const HOST_MARK = 'h~'
const LOCALE_MARK = '~'

export function parseTenantParam(param: string): PortalContext | null {
  let raw: string
  try {
    raw = decodeURIComponent(param)
  } catch {
    return null
  }
  const hostMapped = raw.startsWith(HOST_MARK)
  if (hostMapped) raw = raw.slice(HOST_MARK.length)
  const [slug = '', locale = DEFAULT_LOCALE, ...rest] = raw.split(LOCALE_MARK)
  // German is the locale without a mark: "demo~de" is not an address of its own.
  if (rest.length || !isLocale(locale) || (raw.includes(LOCALE_MARK) && locale === DEFAULT_LOCALE))
    return null
  return isValidTenantSlug(slug) ? { tenant: slug, locale, hostMapped } : null
}

/** The tenant segment of a context: the inverse of parseTenantParam (forms send it back). */
export function segmentOf(ctx: PortalContext): string {
  return `${ctx.hostMapped ? HOST_MARK : ''}${ctx.tenant}${ctx.locale === DEFAULT_LOCALE ? '' : `${LOCALE_MARK}${ctx.locale}`}`
}

/** The browser's login-state route of a tenant (app/api/session/[tenant]); the same for every locale. */
export function sessionUrlOf(ctx: PortalContext): string {
  return `/api/session/${encodeURIComponent(segmentOf({ ...ctx, locale: DEFAULT_LOCALE }))}`
}

/** The prefix before a route path: "/demo", "/demo/en", "" or "/en". */
export function prefixOf(ctx: PortalContext, locale: Locale = ctx.locale): string {
  return `${ctx.hostMapped ? '' : `/${ctx.tenant}`}${locale === 'de' ? '' : `/${locale}`}`
}

export type Query = Record<string, string | undefined | null>

export function withQuery(path: string, query: Query = {}): string {
  const search = new URLSearchParams()
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) search.set(k, v)
  const qs = search.toString()
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path
}

/** The address of a route path ("/", "/persoenlicherbereich", "/internet") as this context writes it. */
export function pathHref(ctx: PortalContext, path: string, query?: Query): string {
  const prefix = prefixOf(ctx)
  return withQuery(path === '/' ? prefix || '/' : `${prefix}${path}`, query)
}

/** The link to a route of the table, e.g. href(ctx, 'Recommendation', { produktId: 462 }). */
export function href(
  ctx: PortalContext,
  name: RouteName,
  params?: RouteParams,
  query?: Query,
  hash?: string,
): string {
  return `${pathHref(ctx, buildPath(name, params), query)}${hash ? `#${hash}` : ''}`
}

/** Splits a browser path into its prefix and the route path, given how the portal is addressed. */
export function routePathOf(ctx: PortalContext, pathname: string): string {
  const prefix = prefixOf(ctx)
  if (!pathname.startsWith(prefix)) return pathname
  return pathname.slice(prefix.length) || '/'
}
