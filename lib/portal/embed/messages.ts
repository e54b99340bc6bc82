/**
 * The postMessage protocol between the portal in widget mode and the host page's embed script
 * (public/embed.js, which checks the same shapes on its side). README, "Embedding the portal".
 *
 * Portal → host (sent only to the registered host origin that is the frame's parent, never to "*"):
 *   { type: 'psoempf:route', path, hash }   after every navigation; path is the portal path after the
 *                                           tenant ("/empfehlen/462", "/en/login?x=1"), hash "" or "#id"
 *   { type: 'psoempf:height', height }      the content height in CSS pixels, whenever it changes
 *   { type: 'psoempf:scroll', top }         scroll the host to this offset within the frame
 * Host → portal (accepted only from the parent window on a registered origin):
 *   { type: 'psoempf:hello' }               the frame (re)loaded: tell me your route and height
 *   { type: 'psoempf:navigate', path }      go to this portal path (the host's hash changed)
 */

export type PortalMessage =
  | { type: 'psoempf:route'; path: string; hash: string }
  | { type: 'psoempf:height'; height: number }
  | { type: 'psoempf:scroll'; top: number }

export type HostMessage = { type: 'psoempf:hello' } | { type: 'psoempf:navigate'; path: string }

const MAX_PATH = 2000
const MAX_HASH = 200
// No whitespace, control characters, backslashes or fragments; "//" at the start would leave the origin.
const UNSAFE = /[\u0000-\u0020\u007f\\#]/

/** A portal path as the protocol carries it: "/…", optionally with a query, nothing that leaves the portal. */
export function isPortalPath(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.length <= MAX_PATH &&
    value.startsWith('/') &&
    !value.startsWith('//') &&
    !UNSAFE.test(value)
  )
}

export function isFragment(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    (value === '' ||
      (value.length <= MAX_HASH &&
        value.startsWith('#') &&
        value.length > 1 &&
        !/[\u0000-\u0020\u007f]/.test(value)))
  )
}

function hasExactly(data: object, keys: readonly string[]): boolean {
  const own = Object.keys(data)
  return own.length === keys.length && own.every((k) => keys.includes(k))
}

/** A message from the host page, or null for anything not exactly of the protocol's shape. */
export function parseHostMessage(data: unknown): HostMessage | null {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return null
  const record = data as Record<string, unknown>
  if (record.type === 'psoempf:hello' && hasExactly(record, ['type'])) return { type: 'psoempf:hello' }
  if (record.type === 'psoempf:navigate' && hasExactly(record, ['type', 'path']) && isPortalPath(record.path))
    return { type: 'psoempf:navigate', path: record.path }
  return null
}

/**
 * The portal path of a browser address: the pathname after the tenant prefix ("/demo", or "" on a
 * tenant's own host) with the query except the widget parameter.
 */
export function portalPathOf(pathname: string, search: string, prefix: string): string {
  let path =
    prefix && (pathname === prefix || pathname.startsWith(`${prefix}/`))
      ? pathname.slice(prefix.length)
      : pathname
  if (!path.startsWith('/')) path = `/${path}`
  const query = new URLSearchParams(search)
  query.delete('widget')
  const rest = query.toString()
  return rest ? `${path}?${rest}` : path
}

/**
 * Where a navigate message leads: the portal address of the path on this origin, under the tenant's
 * prefix and with the widget parameter; null when the path would leave the tenant (after "..", encoded
 * slashes and the like are resolved) or reach the API.
 */
export function navigationTarget(
  path: unknown,
  prefix: string,
  widget: string,
  origin: string,
): string | null {
  if (!isPortalPath(path)) return null
  let url: URL
  try {
    url = new URL(path === '/' && prefix ? prefix : `${prefix}${path}`, origin)
  } catch {
    return null
  }
  if (url.origin !== origin) return null
  const inTenant = prefix ? url.pathname === prefix || url.pathname.startsWith(`${prefix}/`) : true
  const rest = url.pathname.slice(prefix.length)
  if (!inTenant || /^\/(?:api|_next)(?:\/|$)/.test(rest)) return null
  url.searchParams.set('widget', widget)
  return `${url.pathname}${url.search}`
}

/**
 * The parent window's origin when the browser tells it and it is registered: location.ancestorOrigins
 * (Chromium, Safari), else the referrer of the frame's first page (set by the host page). Null when
 * unknown or not registered; the host's hello message tells it later (its event.origin).
 */
export function knownParentOrigin(
  ancestorOrigins: readonly string[] | null,
  referrer: string,
  registered: readonly string[],
): string | null {
  const first = ancestorOrigins?.[0]
  if (first !== undefined) return registered.includes(first) ? first : null
  let origin: string
  try {
    origin = new URL(referrer).origin
  } catch {
    return null
  }
  return registered.includes(origin) ? origin : null
}
