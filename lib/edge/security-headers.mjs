// @ts-check
/**
 * The security headers of every HTML response, in one place for next.config.mjs (static headers) and
 * the proxy (widget mode, where frame-ancestors depends on the tenant). Plain JavaScript, because
 * next.config.mjs imports it; types in headers.d.mts.
 */

/**
 * Every directive of the pages' Content-Security-Policy except frame-ancestors. script-src allows no
 * inline script: the production server (server.mjs, lib/edge/csp.mjs) adds the sha256 of each inline
 * script Next writes into a page, per page. Only `next dev`, which has no such server, allows inline
 * scripts. style-src keeps 'unsafe-inline' for React's style attributes (no script runs from a style).
 */
const BASE_DIRECTIVES = [
  "default-src 'self'",
  process.env.NODE_ENV === 'development' ? "script-src 'self' 'unsafe-inline'" : "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
]
const TAIL_DIRECTIVES = ["base-uri 'self'", "form-action 'self'", "object-src 'none'"]
const HOST = /^(?:(?:[a-z0-9-]+\.)*[a-z0-9-]+|\[[0-9a-f:.]+\])$/

/**
 * The http(s) origins of a tenant's FrameAncestors setting, normalised ("https://shop.example/x" →
 * "https://shop.example") and deduplicated. Anything else (other schemes, wildcards, text that is not
 * a URL) is dropped, so a setting can never widen or break the policy.
 * @param {readonly string[] | null | undefined} values
 * @returns {string[]}
 */
export function frameOrigins(values) {
  /** @type {string[]} */
  const origins = []
  for (const value of values ?? []) {
    let url
    try {
      url = new URL(String(value))
    } catch {
      continue
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') continue
    // Host names only (IDN hosts arrive as punycode): nothing that could end a CSP source or directive.
    if (url.username || url.password || !HOST.test(url.hostname)) continue
    if (!origins.includes(url.origin)) origins.push(url.origin)
  }
  return origins
}

/**
 * The pages' Content-Security-Policy: frame-ancestors 'self' plus the given origins (only in widget
 * mode; everything else may be framed by the portal itself only).
 * @param {readonly string[]} [ancestors] registered host origins (already passed through frameOrigins)
 * @returns {string}
 */
export function contentSecurityPolicy(ancestors = []) {
  const frameAncestors = ["'self'", ...frameOrigins(ancestors)].join(' ')
  return [...BASE_DIRECTIVES, `frame-ancestors ${frameAncestors}`, ...TAIL_DIRECTIVES].join('; ')
}

/**
 * X-Frame-Options cannot list origins: SAMEORIGIN where only the portal may frame, left out where
 * frame-ancestors allows host origins (browsers that know CSP ignore it then anyway).
 * @param {readonly string[]} [ancestors]
 * @returns {string | null}
 */
export function frameOptions(ancestors = []) {
  return frameOrigins(ancestors).length > 0 ? null : 'SAMEORIGIN'
}

/** Headers of every response whatever the mode (next.config.mjs sends them on every path). */
export const COMMON_SECURITY_HEADERS = [
  { key: 'Strict-Transport-Security', value: 'max-age=63072000; includeSubDomains' },
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=()' },
]

/** Outside widget mode: framing by the portal's own origin only. */
export const FRAMING_HEADERS_SELF = [
  { key: 'Content-Security-Policy', value: contentSecurityPolicy() },
  { key: 'X-Frame-Options', value: 'SAMEORIGIN' },
]
