/**
 * Consent (SPEC §2.2, §3, §4, §8): categories and their rules, the consent cookie, the registry of every
 * cookie and storage entry, and the browser store with its write helpers. Client-safe; server code may
 * use the pure parts (parseConsentCookie, categories, registry).
 */
export * from './categories'
export * from './consent-cookie'
export * from './registry'
export * from './store'
