import type { Locale } from '@/lib/i18n/config'
import { isValidTenantSlug } from '@/lib/tenants/slug'
import { buildPath, type RouteName, type RouteParams } from './table'

/**
 * Where the portal is addressed: /{tenant}[/en]/… or, on a tenant's own host, [/en]/… . Host-mapped
 * requests arrive with the tenant param "h~{slug}" (next.config.mjs rewrites).
 */
export type PortalContext = { tenant: string; locale: Locale; hostMapped: boolean }

const HOST_MARK = 'h~'

export function parseTenantParam(param: string): { slug: string; hostMapped: boolean } | null {
  const raw = decodeURIComponent(param)
  const hostMapped = raw.startsWith(HOST_MARK)
  const slug = hostMapped ? raw.slice(HOST_MARK.length) : raw
  return isValidTenantSlug(slug) ? { slug, hostMapped } : null
}

export function tenantParamOf(ctx: Pick<PortalContext, 'tenant' | 'hostMapped'>): string {
  return ctx.hostMapped ? `${HOST_MARK}${ctx.tenant}` : ctx.tenant
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

/** The link to a route of the table, e.g. href(ctx, 'Recommendation', { produktId: 462 }). */
export function href(
  ctx: PortalContext,
  name: RouteName,
  params?: RouteParams,
  query?: Query,
  hash?: string,
): string {
  const path = buildPath(name, params)
  const prefix = prefixOf(ctx)
  const full = path === '/' ? prefix || '/' : `${prefix}${path}`
  return `${withQuery(full, query)}${hash ? `#${hash}` : ''}`
}

/** Splits a browser path into its prefix and the route path, given how the portal is addressed. */
export function routePathOf(ctx: PortalContext, pathname: string): string {
  const prefix = prefixOf(ctx)
  if (!pathname.startsWith(prefix)) return pathname
  return pathname.slice(prefix.length) || '/'
}
