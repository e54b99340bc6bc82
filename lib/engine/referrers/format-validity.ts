import { TIME_ZONE, type Locale } from '@/lib/i18n/config'

/** "29.11.2026, 11:40 Uhr" / "29/11/2026, 11:40": until when a mailed link works (SPEC §9 formats). */
export function formatValidity(until: Date, locale: Locale): string {
  const formatted = new Intl.DateTimeFormat(locale === 'de' ? 'de-DE' : 'en-GB', {
    timeZone: TIME_ZONE,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(until)
  return locale === 'de' ? `${formatted} Uhr` : formatted
}
