import { TIME_ZONE, type Locale } from '@/lib/i18n/config'

const options: Intl.DateTimeFormatOptions = {
  timeZone: TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
}
// Made once: a formatter costs far more to make than to use, and every mailed link formats its end.
const FORMATS: Record<Locale, Intl.DateTimeFormat> = {
  de: new Intl.DateTimeFormat('de-DE', options),
  en: new Intl.DateTimeFormat('en-GB', options),
}

/**
 * The last text per language with its minute: the links mailed within a minute end within the same
 * minute, and the time zone's offsets are whole minutes, so one text serves them all.
 */
const last: Partial<Record<Locale, { minute: number; text: string }>> = {}

/** "29.11.2026, 11:40 Uhr" / "29/11/2026, 11:40": until when a mailed link works (SPEC §9 formats). */
export function formatValidity(until: Date, locale: Locale): string {
  const minute = Math.floor(until.getTime() / 60_000)
  const kept = last[locale]
  if (kept?.minute === minute) return kept.text
  const formatted = FORMATS[locale].format(until)
  const text = locale === 'de' ? `${formatted} Uhr` : formatted
  last[locale] = { minute, text }
  return text
}
