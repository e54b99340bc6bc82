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

/** "29.11.2026, 11:40 Uhr" / "29/11/2026, 11:40": until when a mailed link works (SPEC §9 formats). */
export function formatValidity(until: Date, locale: Locale): string {
  const formatted = FORMATS[locale].format(until)
  return locale === 'de' ? `${formatted} Uhr` : formatted
}
