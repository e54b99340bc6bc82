import {
  CONSENT_CATEGORIES,
  UNSET_STATE,
  normalizeState,
  type ConsentCategoryId,
  type ConsentState,
  type ConsentValue,
} from './categories'

/**
 * The consent cookie (SPEC §4): the category values, the tenant they were given to, the version of the
 * category set and the time. Written by the browser with the tenant's ConsentCookie settings; server
 * code (campaign attribution) reads it with parseConsentCookie. Client-safe, no dependencies.
 *
 * Value, URL-encoded form pairs: v=1&m=demo&t=2026-05-12T10:00:00.000Z&psoempf_er=1&psoempf_fu=0&…
 * A missing category is unset.
 */
export const CONSENT_COOKIE_NAME = 'psoempf_consent'

/** Raised when the categories change meaning: an older stored choice then counts as unset (asked again). */
export const CONSENT_VERSION = 1

export type StoredConsent = {
  state: ConsentState
  /** ISO time of the decision; null while nothing valid is stored. */
  decidedAt: string | null
}

const NOTHING: StoredConsent = { state: UNSET_STATE, decidedAt: null }

/**
 * The stored consent of a tenant. Anything unreadable, of another version or of another tenant (tenants
 * sharing one host) counts as nothing stored: the visitor is asked again.
 */
export function parseConsentCookie(value: string | null | undefined, tenant: string): StoredConsent {
  if (!value) return NOTHING
  let params: URLSearchParams
  try {
    // Raw from a Cookie header (encoded once more by serializeCookie) or already decoded (cookieValue, Next).
    params = new URLSearchParams(value.includes('=') ? value : decodeURIComponent(value))
  } catch {
    return NOTHING
  }
  if (params.get('v') !== String(CONSENT_VERSION) || params.get('m') !== tenant) return NOTHING
  const values: Partial<Record<ConsentCategoryId, ConsentValue>> = {}
  for (const category of CONSENT_CATEGORIES) {
    const raw = params.get(category.id)
    values[category.id] = raw === '1' ? 1 : raw === '0' ? 0 : null
  }
  const time = params.get('t')
  const decidedAt = time && !Number.isNaN(Date.parse(time)) ? new Date(time).toISOString() : null
  return { state: normalizeState(values), decidedAt }
}

/** The cookie value of a state (unset categories are left out); the inverse of parseConsentCookie. */
export function serializeConsent(state: ConsentState, tenant: string, decidedAt: Date): string {
  const params = new URLSearchParams({ v: String(CONSENT_VERSION), m: tenant, t: decidedAt.toISOString() })
  for (const category of CONSENT_CATEGORIES) {
    const value = normalizeState(state)[category.id]
    if (value !== null) params.set(category.id, String(value))
  }
  return params.toString()
}

/** The tenant setting ConsentCookie (lib/shared/tenants/settings.ts), which every registered cookie follows. */
export type CookieSettings = {
  ExpiresDays: number
  Path: string
  Secure: boolean
  SameSite: 'None' | 'Lax' | 'Strict'
  Domain: string | null
}

/** The schema's defaults, used until the tenant's settings are known (SPEC §9). */
export const DEFAULT_COOKIE_SETTINGS: CookieSettings = {
  ExpiresDays: 60,
  Path: '/',
  Secure: true,
  SameSite: 'None',
  Domain: null,
}

export type CookieAttributes = {
  path: string
  domain: string | null
  secure: boolean
  sameSite: 'None' | 'Lax' | 'Strict'
  partitioned: boolean
}

/** Where the page runs, as far as cookie attributes care. */
export type CookieLocation = { protocol: string; hostname: string; inFrame: boolean }

function isLocalHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '')
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127\./.test(host)
}

/**
 * The attributes a cookie is written with. SPEC §9: the parent domain, Secure and SameSite=None, except
 * on localhost; so over plain http or on a local host a cookie is neither Secure nor SameSite=None (a
 * browser refuses None without Secure) but Lax. Inside a host page's frame (widget mode) that exception
 * does not apply where the browser allows Secure (https, localhost): a Lax cookie cannot be written
 * there. A configured domain is used only where the page's host belongs to it (otherwise the browser
 * would drop the cookie). In a frame a SameSite=None cookie is also Partitioned (CHIPS), so browsers that
 * block third-party cookies keep it, per embedding site.
 */
export function cookieAttributes(settings: CookieSettings, location: CookieLocation): CookieAttributes {
  const local = location.protocol !== 'https:' || isLocalHost(location.hostname)
  let secure = settings.Secure && !local
  let sameSite: CookieAttributes['sameSite'] =
    settings.SameSite === 'None' && !secure ? 'Lax' : settings.SameSite
  // In a host page's frame a Lax cookie cannot be set at all; browsers take Secure on localhost too.
  const trustworthy = location.protocol === 'https:' || isLocalHost(location.hostname)
  if (location.inFrame && settings.SameSite === 'None' && trustworthy) {
    secure = true
    sameSite = 'None'
  }
  const domain = settings.Domain?.trim().replace(/^\./, '').toLowerCase() || null
  const host = location.hostname.toLowerCase()
  const domainFits = domain !== null && !local && (host === domain || host.endsWith(`.${domain}`))
  return {
    path: settings.Path.startsWith('/') ? settings.Path : '/',
    domain: domainFits ? domain : null,
    secure,
    sameSite,
    partitioned: location.inFrame && sameSite === 'None' && secure,
  }
}

/**
 * A Set-Cookie string for document.cookie; maxAgeSeconds 0 removes the cookie, null makes it a session
 * cookie (gone when the browser closes).
 */
export function serializeCookie(
  name: string,
  value: string,
  maxAgeSeconds: number | null,
  attributes: CookieAttributes,
): string {
  const parts = [`${name}=${encodeURIComponent(value)}`]
  if (maxAgeSeconds !== null) parts.push(`Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}`)
  parts.push(`Path=${attributes.path}`)
  if (attributes.domain) parts.push(`Domain=${attributes.domain}`)
  if (attributes.secure) parts.push('Secure')
  parts.push(`SameSite=${attributes.sameSite}`)
  if (attributes.partitioned) parts.push('Partitioned')
  return parts.join('; ')
}

/** The value of a cookie in a Cookie header or document.cookie, decoded; null when absent. */
export function cookieValue(cookieHeader: string, name: string): string | null {
  for (const part of cookieHeader.split(';')) {
    const index = part.indexOf('=')
    if (index < 0) continue
    if (part.slice(0, index).trim() !== name) continue
    const raw = part.slice(index + 1).trim()
    try {
      return decodeURIComponent(raw)
    } catch {
      return raw
    }
  }
  return null
}
