import { useSyncExternalStore } from 'react'
import {
  CONSENT_CATEGORIES,
  UNSET_STATE,
  applyDecision,
  isGiven,
  needsConfiguration,
  withdrawnCategories,
  type ConsentCategoryId,
  type ConsentDecision,
  type ConsentState,
} from './categories'
import {
  CONSENT_COOKIE_NAME,
  DEFAULT_COOKIE_SETTINGS,
  cookieAttributes,
  cookieValue,
  parseConsentCookie,
  serializeConsent,
  serializeCookie,
  type CookieSettings,
} from './consent-cookie'
import { registrationOrThrow, storageOfCategory, type StorageEntry } from './registry'

/**
 * The browser's consent state and the only way browser code writes cookies or web storage.
 *
 * - configureConsent({ tenant, cookie }) is called once per page by the consent layer
 *   (components/consent/consent-setup.tsx) before any other effect runs; until then nothing but
 *   required storage is allowed.
 * - getConsent(), hasConsent(category), useConsent() and onConsentChange(listener) read and follow it.
 * - setConsent(decision) stores a decision in the consent cookie; a withdrawn category's entries are
 *   removed at once.
 * - writeCookie / removeCookie / writeStorage / readStorage / removeStorage accept registered names only
 *   (lib/portal/consent/registry.ts; anything else throws ConsentRegistrationError) and skip writes (false)
 *   whose category has no consent.
 */

export type ConsentSnapshot = {
  tenant: string
  state: ConsentState
  /** ISO time of the stored decision; null while nothing is stored. */
  decidedAt: string | null
  /** SPEC §4: a category is unset, so the visitor has to be asked. */
  needsConfiguration: boolean
}

export type ConsentListener = (now: ConsentSnapshot, before: ConsentSnapshot | null) => void

type Config = { tenant: string; cookie: CookieSettings }

let config: Config | null = null
let snapshot: ConsentSnapshot | null = null
const listeners = new Set<ConsentListener>()

const inBrowser = () => typeof document !== 'undefined' && typeof window !== 'undefined'

function cookieLocation() {
  let inFrame = false
  try {
    inFrame = window.self !== window.top
  } catch {
    inFrame = true
  }
  return { protocol: window.location.protocol, hostname: window.location.hostname, inFrame }
}

function attributes() {
  return cookieAttributes(config?.cookie ?? DEFAULT_COOKIE_SETTINGS, cookieLocation())
}

function readStored(tenant: string): ConsentSnapshot {
  const stored = inBrowser()
    ? parseConsentCookie(cookieValue(document.cookie, CONSENT_COOKIE_NAME), tenant)
    : { state: UNSET_STATE, decidedAt: null }
  return { tenant, ...stored, needsConfiguration: needsConfiguration(stored.state) }
}

function sameState(a: ConsentSnapshot | null, b: ConsentSnapshot | null) {
  if (!a || !b) return a === b
  return (
    a.tenant === b.tenant &&
    a.decidedAt === b.decidedAt &&
    CONSENT_CATEGORIES.every((c) => a.state[c.id] === b.state[c.id])
  )
}

function notify(before: ConsentSnapshot | null) {
  if (!snapshot || sameState(before, snapshot)) return
  const now = snapshot
  for (const listener of [...listeners]) {
    try {
      listener(now, before)
    } catch (error) {
      console.error(error)
    }
  }
}

/** Removes what the categories without consent left on the device (a withdrawal, perhaps in another tab). */
function sweep(state: ConsentState, only?: ConsentCategoryId[]) {
  for (const category of only ?? CONSENT_CATEGORIES.map((c) => c.id)) {
    if (isGiven(state, category)) continue
    for (const entry of storageOfCategory(category)) removeEntry(entry)
  }
}

/**
 * Tells the store which tenant the page belongs to and how its cookies are written (the tenant's
 * ConsentCookie settings), and reads the stored consent. Called by the consent layer; calling it again
 * with the same values changes nothing.
 */
export function configureConsent(next: Config): ConsentSnapshot {
  const same =
    config && config.tenant === next.tenant && JSON.stringify(config.cookie) === JSON.stringify(next.cookie)
  if (same && snapshot) return snapshot
  config = { tenant: next.tenant, cookie: { ...next.cookie } }
  return reloadConsent(next.tenant)
}

/** Reads the consent cookie again (another tab may have changed it). */
export function refreshConsent(): ConsentSnapshot | null {
  if (!config) return null
  return reloadConsent(config.tenant)
}

/** Reads the tenant's stored consent, removes what it no longer allows and tells the listeners. */
function reloadConsent(tenant: string): ConsentSnapshot {
  const before = snapshot
  const current = readStored(tenant)
  snapshot = current
  sweep(current.state)
  notify(before)
  return current
}

/** The current consent; null before configureConsent (then only required storage is allowed). */
export function getConsent(): ConsentSnapshot | null {
  return snapshot
}

/** Whether the category has consent now (required categories always have). */
export function hasConsent(category: ConsentCategoryId): boolean {
  const required = CONSENT_CATEGORIES.find((c) => c.id === category)?.required ?? false
  if (required) return true
  return snapshot !== null && isGiven(snapshot.state, category)
}

/**
 * Stores a decision: the decided categories take their value (required ones stay given), the consent
 * cookie is written with the tenant's settings, the storage of withdrawn categories is removed, and
 * listeners learn the new state.
 */
export function setConsent(decision: ConsentDecision, now: Date = new Date()): ConsentSnapshot {
  if (!config || !snapshot) throw new Error('configureConsent() must run before setConsent()')
  const before = snapshot
  const state = applyDecision(before.state, decision)
  const decidedAt = now.toISOString()
  writeEntry(
    registrationOrThrow('cookie', CONSENT_COOKIE_NAME),
    serializeConsent(state, config.tenant, now),
    config.cookie.ExpiresDays * 86_400,
  )
  snapshot = { tenant: config.tenant, state, decidedAt, needsConfiguration: needsConfiguration(state) }
  sweep(state, withdrawnCategories(before.state, state))
  notify(before)
  return snapshot
}

/** Calls the listener on every change of the consent; returns the unsubscribe function. */
export function onConsentChange(listener: ConsentListener): () => void {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

function subscribe(callback: () => void) {
  return onConsentChange(() => callback())
}

/** The consent in a React component: null on the server and until the page's consent layer ran. */
export function useConsent(): ConsentSnapshot | null {
  return useSyncExternalStore(subscribe, getConsent, () => null)
}

// ---- Writing cookies and storage ------------------------------------------------------------------

function maxAgeOf(entry: StorageEntry, maxAgeDays?: number): number | null {
  if (maxAgeDays !== undefined) return maxAgeDays * 86_400
  if (entry.lifetime === 'session') return null
  return 'days' in entry.lifetime ? entry.lifetime.days * 86_400 : entry.lifetime.hours * 3_600
}

function writeEntry(entry: StorageEntry, value: string, maxAgeSeconds: number | null) {
  document.cookie = serializeCookie(entry.name, value, maxAgeSeconds, attributes())
}

function removeEntry(entry: StorageEntry): boolean {
  if (!inBrowser() || entry.writtenBy === 'server') return false
  if (entry.kind === 'cookie') {
    if (cookieValue(document.cookie, entry.name) === null) return false
    const attrs = attributes()
    document.cookie = serializeCookie(entry.name, '', 0, attrs)
    // Also the host-only form, in case it was written before a domain was configured.
    if (attrs.domain) document.cookie = serializeCookie(entry.name, '', 0, { ...attrs, domain: null })
    return true
  }
  const storage = webStorage(entry.kind)
  if (!storage || storage.getItem(entry.name) === null) return false
  storage.removeItem(entry.name)
  return true
}

function assertBrowserWritable(entry: StorageEntry) {
  if (entry.writtenBy === 'server')
    throw new Error(`${entry.kind} "${entry.name}" is set by the server (httpOnly), not by browser code`)
}

/**
 * Writes a registered cookie with the tenant's cookie attributes. Throws ConsentRegistrationError for an
 * unregistered name; returns false (and writes nothing) while its category has no consent.
 * maxAgeDays overrides the registered lifetime (e.g. a tenant's Limits.ChannelCookieDays).
 */
export function writeCookie(name: string, value: string, options: { maxAgeDays?: number } = {}): boolean {
  const entry = registrationOrThrow('cookie', name)
  assertBrowserWritable(entry)
  if (!inBrowser() || !hasConsent(entry.category)) return false
  writeEntry(entry, value, maxAgeOf(entry, options.maxAgeDays))
  return true
}

/** The value of a cookie the browser can read, or null. */
export function readCookie(name: string): string | null {
  return inBrowser() ? cookieValue(document.cookie, name) : null
}

/** Removes a registered cookie; true when it was there. Throws for an unregistered name. */
export function removeCookie(name: string): boolean {
  return removeEntry(registrationOrThrow('cookie', name))
}

export type WebStorageKind = 'localStorage' | 'sessionStorage'

function webStorage(kind: StorageEntry['kind']): Storage | null {
  if (!inBrowser() || kind === 'cookie') return null
  try {
    return kind === 'localStorage' ? window.localStorage : window.sessionStorage
  } catch {
    // Storage can be switched off (privacy settings, sandboxed frames).
    return null
  }
}

type Stored = { value: string; expires: number | null }

/**
 * Writes a registered localStorage or sessionStorage entry. Throws ConsentRegistrationError for an
 * unregistered name; returns false while its category has no consent or the storage is unavailable.
 * An entry with a lifetime in days expires like a cookie (readStorage drops it afterwards).
 */
export function writeStorage(kind: WebStorageKind, name: string, value: string, now = Date.now()): boolean {
  const entry = registrationOrThrow(kind, name)
  assertBrowserWritable(entry)
  if (!hasConsent(entry.category)) return false
  const storage = webStorage(kind)
  if (!storage) return false
  const maxAge = maxAgeOf(entry)
  const stored: Stored = { value, expires: maxAge === null ? null : now + maxAge * 1000 }
  try {
    storage.setItem(name, JSON.stringify(stored))
    return true
  } catch {
    return false
  }
}

/** The value of a registered storage entry, or null (also once it expired). */
export function readStorage(kind: WebStorageKind, name: string, now = Date.now()): string | null {
  const entry = registrationOrThrow(kind, name)
  const raw = webStorage(kind)?.getItem(name) ?? null
  if (raw === null) return null
  try {
    const stored = JSON.parse(raw) as Partial<Stored>
    if (typeof stored.value !== 'string') return null
    if (typeof stored.expires === 'number' && stored.expires <= now) {
      removeEntry(entry)
      return null
    }
    return stored.value
  } catch {
    return null
  }
}

/** Removes a registered storage entry; true when it was there. Throws for an unregistered name. */
export function removeStorage(kind: WebStorageKind, name: string): boolean {
  return removeEntry(registrationOrThrow(kind, name))
}

// ---- Coordination of the consent UI ---------------------------------------------------------------

let settingsOpener: (() => void) | null = null
const openOverlays = new Set<string>()

/**
 * The consent manager (or a third-party tool through the bridge) registers how its settings open; the
 * footer's 'Cookie-Einstellungen' button calls openConsentSettings().
 */
export function registerSettingsOpener(open: () => void): () => void {
  settingsOpener = open
  return () => {
    if (settingsOpener === open) settingsOpener = null
  }
}

/** Opens the consent settings; false when nothing registered an opener. */
export function openConsentSettings(): boolean {
  if (!settingsOpener) return false
  settingsOpener()
  return true
}

/** The banner or the settings dialog marks itself open, so other popups (exit intent) keep away. */
export function setConsentOverlay(name: string, open: boolean) {
  if (open) openOverlays.add(name)
  else openOverlays.delete(name)
}

export function isConsentOverlayOpen(): boolean {
  return openOverlays.size > 0
}

/** For tests: forget configuration, state, listeners and the UI registrations. */
export function resetConsentForTests() {
  config = null
  snapshot = null
  listeners.clear()
  settingsOpener = null
  openOverlays.clear()
}
