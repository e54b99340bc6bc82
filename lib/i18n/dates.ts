import type { createFormatter } from 'next-intl'

/** What formatDate needs of next-intl's formatter (getFormatter on the server, useFormatter in the browser). */
type DateFormatter = Pick<ReturnType<typeof createFormatter>, 'dateTime'>

const DAY = { day: '2-digit', month: '2-digit', year: 'numeric' } as const
const PROBE = new Date('2026-12-31T12:00:00Z')

/**
 * English pages speak British English, so their dates read 31/12/2026, not the US 12/31/2026 that
 * Intl gives for the plain `en` locale the URL carries. next-intl's formatter keeps that locale (and
 * no setting changes it), so a formatter whose day order is month-first is recognised once by a known
 * date, and its numeric dates are put into day-first order.
 */
function monthFirst(format: DateFormatter): boolean {
  return format.dateTime(PROBE, { ...DAY, timeZone: 'UTC' }).startsWith('12')
}

function dayFirst(format: DateFormatter, formatted: string): string {
  if (!monthFirst(format)) return formatted
  return formatted.replace(/^(\d{2})\/(\d{2})\/(\d{4})/, '$2/$1/$3')
}

/** A date-time as a Date: a calendar day (YYYY-MM-DD) is read at noon UTC, so no time zone moves it. */
function toDate(value: string | Date): Date {
  if (value instanceof Date) return value
  return new Date(value.length === 10 ? `${value}T12:00:00Z` : value)
}

/** A date as the portal shows it (SPEC §9: 31.12.2026; in English 31/12/2026). */
export function formatDate(format: DateFormatter, iso: string | Date): string {
  return dayFirst(format, format.dateTime(toDate(iso), DAY))
}

/** A date with its time (SPEC §9: 31.12.2026, 14:05; in English 31/12/2026, 14:05, a 24-hour clock). */
export function formatDateTime(format: DateFormatter, iso: string | Date): string {
  return dayFirst(
    format,
    format.dateTime(toDate(iso), { ...DAY, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
  )
}
