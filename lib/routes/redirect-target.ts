import { pathHref, type PortalContext, type Query } from './href'
import { buildPath, matchRoute, type RouteDef } from './table'

/**
 * The login `redirect` parameter: JSON of the target path (after tenant and locale) and its query
 * params. On return it may only lead to a route of the table on our own origin (QUALITY §Security 10).
 */
export type RedirectTarget = { path: string; params: Record<string, string> }

const MAX_LENGTH = 2048
const NEVER_RETURN_TO = new Set<RouteDef['name']>([
  'Login',
  'Admin',
  'Logout',
  'FileNotFound',
  'SingleSignOn',
])

/** The parameter's shape, checked by hand: this module also runs in the browser, where zod would weigh. */
function asTarget(json: unknown): RedirectTarget | null {
  if (!json || typeof json !== 'object' || Array.isArray(json)) return null
  const { path, params = {} } = json as Record<string, unknown>
  if (typeof path !== 'string' || path.length < 1 || path.length > 512) return null
  if (!params || typeof params !== 'object' || Array.isArray(params)) return null
  const entries = Object.entries(params)
  if (!entries.every(([k, v]) => k.length <= 64 && typeof v === 'string' && v.length <= 512)) return null
  return { path, params: Object.fromEntries(entries) as Record<string, string> }
}

export function encodeRedirectTarget(target: RedirectTarget): string {
  return JSON.stringify(target)
}

/**
 * The `redirect` parameter for a page the visitor must log in to see: its route path and its query,
 * without the widget (carried on its own) and without an earlier redirect.
 */
export function loginRedirectParam(path: string, query: Iterable<[string, string]>): string {
  const params = Object.fromEntries([...query].filter(([k]) => k !== 'widget' && k !== 'redirect'))
  return encodeRedirectTarget({ path, params })
}

/** Where a login returns to: the safe target of the raw parameter, otherwise the personal area. */
export function returnHref(ctx: PortalContext, raw: string | null | undefined, query: Query = {}): string {
  const target = parseRedirectTarget(raw)
  return pathHref(ctx, target?.path ?? buildPath('Dashboard'), { ...target?.params, ...query })
}

/** A path is safe when it is a plain same-origin path of the route table. */
export function isSafeRoutePath(path: string): boolean {
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return false
  if (/[\u0000-\u001f\u007f\\]/.test(path)) return false
  if (/%(2f|5c|00|0a|0d|09)/i.test(path)) return false
  if (/[?#]/.test(path)) return false
  if (/^\s*javascript:/i.test(path) || path.toLowerCase().includes('javascript:')) return false
  if (path.split('/').some((segment) => segment === '..' || segment === '.')) return false
  let decoded: string
  try {
    decoded = decodeURIComponent(path)
  } catch {
    return false
  }
  if (decoded.startsWith('//') || /[\u0000-\u001f\u007f\\]/.test(decoded)) return false
  // Browsers treat %2e%2e as a `..` segment too (WHATWG URL), so check the decoded segments as well.
  if (decoded.split('/').some((segment) => segment === '..' || segment === '.')) return false
  const match = matchRoute(path)
  return match !== null && !match.route.redirectTo && !NEVER_RETURN_TO.has(match.route.name)
}

/** Parses the raw parameter; anything unsafe or malformed yields null (the caller falls back). */
export function parseRedirectTarget(raw: string | null | undefined): RedirectTarget | null {
  if (!raw || raw.length > MAX_LENGTH) return null
  let json: unknown
  try {
    json = JSON.parse(raw)
  } catch {
    return null
  }
  const target = asTarget(json)
  if (!target || !isSafeRoutePath(target.path)) return null
  const params = Object.fromEntries(
    Object.entries(target.params).filter(([k, v]) => /^[\w-]+$/.test(k) && !/[\u0000-\u001f\u007f]/.test(v)),
  )
  return { path: target.path, params }
}
