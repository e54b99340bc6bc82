import type { ConsentCategoryId } from './categories'
import { CONSENT_COOKIE_NAME } from './consent-cookie'

/**
 * The registry of everything the portal stores on a visitor's device (QUALITY §Privacy, SPEC §8): every
 * cookie and every localStorage or sessionStorage entry is registered here under its consent category
 * BEFORE any code writes it. The browser's write helpers (lib/portal/consent/store.ts) refuse an unregistered
 * name with ConsentRegistrationError and skip a write whose category has no consent; a withdrawal
 * removes the entries of that category. The privacy page's cookie table lists the same entries
 * (lib/portal/consent/privacy-table.test.ts checks it).
 */

export type StorageKind = 'cookie' | 'localStorage' | 'sessionStorage'

export type StorageEntry = {
  name: string
  kind: StorageKind
  category: ConsentCategoryId
  /** Why it is stored, for people reading the code and the privacy page. */
  purpose: string
  /**
   * How long it lives: days or hours (cookies: Max-Age; a tenant setting may override it when writing),
   * or 'session' (sessionStorage, or a cookie without expiry).
   */
  lifetime: { days: number } | { hours: number } | 'session'
  /**
   * 'server': set by the server as an httpOnly cookie (the session); listed here so the registry is
   * complete, but the browser helpers never write it.
   */
  writtenBy: 'browser' | 'server'
}

/** SPEC §8: "Registering consent is required before use, otherwise an error is raised". */
export class ConsentRegistrationError extends Error {
  readonly code = 'ConsentNichtRegistriert'

  constructor(
    readonly storageName: string,
    readonly kind: StorageKind,
  ) {
    super(
      `${kind} "${storageName}" ist nicht registriert: Die Registrierung einer Einwilligungskategorie ist vor der Verwendung erforderlich (lib/portal/consent/registry.ts). ` +
        `/ ${kind} "${storageName}" is not registered: registering consent is required before use.`,
    )
    this.name = 'ConsentRegistrationError'
  }
}

const entries = new Map<string, StorageEntry>()
const keyOf = (kind: StorageKind, name: string) => `${kind}:${name}`

/**
 * Registers a cookie or storage entry under its category. Registering the same entry again is allowed;
 * the same name under another category or with another lifetime is a programming error and throws.
 */
export function registerStorage(entry: StorageEntry): StorageEntry {
  if (!/^[A-Za-z0-9_.-]{1,64}$/.test(entry.name)) throw new Error(`Invalid storage name "${entry.name}"`)
  const key = keyOf(entry.kind, entry.name)
  const known = entries.get(key)
  if (known) {
    if (
      known.category !== entry.category ||
      JSON.stringify(known.lifetime) !== JSON.stringify(entry.lifetime)
    )
      throw new Error(`${entry.kind} "${entry.name}" is already registered differently`)
    return known
  }
  const frozen = Object.freeze({ ...entry })
  entries.set(key, frozen)
  return frozen
}

/** The registration of a name, or null. */
export function findRegistration(kind: StorageKind, name: string): StorageEntry | null {
  return entries.get(keyOf(kind, name)) ?? null
}

/** The registration of a name; throws ConsentRegistrationError when there is none. */
export function registrationOrThrow(kind: StorageKind, name: string): StorageEntry {
  const entry = findRegistration(kind, name)
  if (!entry) throw new ConsentRegistrationError(name, kind)
  return entry
}

/** Every registered entry, in the order of registration. */
export function registeredStorage(): StorageEntry[] {
  return [...entries.values()]
}

/** The registered entries of one category (what a withdrawal removes). */
export function storageOfCategory(category: ConsentCategoryId): StorageEntry[] {
  return registeredStorage().filter((entry) => entry.category === category)
}

// ---- The portal's entries -------------------------------------------------------------------------

/** The session cookie (lib/portal/session-cookie.ts): set by the server, httpOnly; the only one before consent. */
export const SESSION_COOKIE_ENTRY = registerStorage({
  name: 'psoe_token',
  kind: 'cookie',
  category: 'psoempf_er',
  purpose: 'Session: login, progress of a recommendation or recipient confirmation (encrypted, httpOnly).',
  lifetime: { hours: 8 },
  writtenBy: 'server',
})

/** The consent cookie itself; its lifetime is the tenant's ConsentCookie.ExpiresDays (default 60). */
export const CONSENT_COOKIE_ENTRY = registerStorage({
  name: CONSENT_COOKIE_NAME,
  kind: 'cookie',
  category: 'psoempf_er',
  purpose: 'The visitor’s choice in the cookie settings.',
  lifetime: { days: 60 },
  writtenBy: 'browser',
})

/** Campaign attribution (SPEC §2.4, §3, §9): the channel cookie, 730 days (Limits.ChannelCookieDays). */
export const CHANNEL_COOKIE_ENTRY = registerStorage({
  name: 'psoempf_channel',
  kind: 'cookie',
  category: 'psoempf_ma',
  purpose: 'The channel or campaign a visitor came through (channel, c, pk_campaign, mtm_campaign).',
  lifetime: { days: 730 },
  writtenBy: 'browser',
})

/** Campaign attribution: the second campaign cookie, 60 days (Limits.CookieLifetimeDays). */
export const CAMPAIGN_COOKIE_ENTRY = registerStorage({
  name: 'psoempf_kampagne',
  kind: 'cookie',
  category: 'psoempf_ma',
  purpose: 'The running advertising campaign a visit belongs to.',
  lifetime: { days: 60 },
  writtenBy: 'browser',
})

/** Tracking (lib/portal/tracking/tracker.ts): a random visitor id, 60 days (Limits.CookieLifetimeDays). */
export const VISITOR_COOKIE_ENTRY = registerStorage({
  name: 'psoempf_vid',
  kind: 'cookie',
  category: 'psoempf_an',
  purpose: 'A random visitor id for audience measurement (Matomo-compatible), no personal data.',
  lifetime: { days: 60 },
  writtenBy: 'browser',
})

/** The exit-intent popup (components/exit-intent): shown once per visit; without consent kept in memory. */
export const EXIT_INTENT_ENTRY = registerStorage({
  name: 'psoempf_exit_intent',
  kind: 'sessionStorage',
  category: 'psoempf_fu',
  purpose: 'Remembers that the hint on leaving the page was shown in this visit.',
  lifetime: 'session',
  writtenBy: 'browser',
})
