/**
 * A page view in the shape of the Matomo HTTP tracking API (https://developer.matomo.org/api-reference/tracking-api),
 * as the browser sends it to the portal's own tracking route. The route adds rec, apiv, rand, ua and lang
 * and forwards it (lib/portal/tracking/forward-hit.ts). Client-safe and without dependencies.
 */
export type PageViewHit = {
  /** The tenant's tracking id for the current environment (tenant setting trackings). */
  idsite: string
  url: string
  action_name: string
  urlref?: string
  /** The visitor id: 16 hex characters, random. */
  _id: string
  /** The page view id: 6 characters, random. */
  pv_id: string
  /** Screen resolution, e.g. 1280x720. */
  res?: string
  /** The visitor's local time. */
  h: number
  m: number
  s: number
}

export const VISITOR_ID_PATTERN = /^[0-9a-f]{16}$/
export const PAGE_VIEW_ID_PATTERN = /^[0-9A-Za-z]{6}$/
export const SITE_ID_PATTERN = /^[0-9]{1,10}$/

const ALPHANUMERIC = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'

function randomBytes(count: number): Uint8Array {
  const bytes = new Uint8Array(count)
  globalThis.crypto.getRandomValues(bytes)
  return bytes
}

/** A new random visitor id (Matomo's _id: 16 hex characters). */
export function newVisitorId(): string {
  return [...randomBytes(8)].map((b) => b.toString(16).padStart(2, '0')).join('')
}

/** A new random page view id (Matomo's pv_id: 6 alphanumeric characters). */
export function newPageViewId(): string {
  return [...randomBytes(6)].map((b) => ALPHANUMERIC[b % ALPHANUMERIC.length]).join('')
}

/** Matomo truncates longer texts anyway; the route refuses more than this. */
export const LIMITS = { url: 2048, actionName: 512 } as const

export function buildPageView(input: {
  siteId: string
  url: string
  title: string
  referrer?: string | null
  visitorId: string
  pageViewId?: string
  screen?: { width: number; height: number } | null
  now?: Date
}): PageViewHit {
  const now = input.now ?? new Date()
  const hit: PageViewHit = {
    idsite: input.siteId,
    url: input.url.slice(0, LIMITS.url),
    action_name: input.title.trim().slice(0, LIMITS.actionName),
    _id: input.visitorId,
    pv_id: input.pageViewId ?? newPageViewId(),
    h: now.getHours(),
    m: now.getMinutes(),
    s: now.getSeconds(),
  }
  if (input.referrer) hit.urlref = input.referrer.slice(0, LIMITS.url)
  if (input.screen && input.screen.width > 0 && input.screen.height > 0)
    hit.res = `${Math.round(input.screen.width)}x${Math.round(input.screen.height)}`
  return hit
}
