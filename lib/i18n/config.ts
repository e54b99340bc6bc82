export const LOCALES = ['de', 'en'] as const
export type Locale = (typeof LOCALES)[number]
export const DEFAULT_LOCALE: Locale = 'de'
/** Dates and times are shown in German time (SPEC §9 display formats). */
export const TIME_ZONE = 'Europe/Berlin'

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value)
}

/** Reads a language header such as X-Accept-Language ("en", "en-GB", "de-DE,de;q=0.9"); default de. */
export function localeFromHeader(value: string | null | undefined): Locale {
  const first = value?.split(',')[0]?.trim().slice(0, 2).toLowerCase()
  return isLocale(first) ? first : DEFAULT_LOCALE
}
