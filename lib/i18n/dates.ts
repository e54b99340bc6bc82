import type { createFormatter } from 'next-intl'

/** What formatDate needs of next-intl's formatter (getFormatter on the server, useFormatter in the browser). */
type DateFormatter = Pick<ReturnType<typeof createFormatter>, 'dateTime'>

/**
 * A date as the portal shows it (SPEC §9: 31.12.2026): an ISO date-time, or a calendar day (YYYY-MM-DD),
 * which is read at noon UTC so that no time zone moves it to another day.
 */
export function formatDate(format: DateFormatter, iso: string): string {
  return format.dateTime(new Date(iso.length === 10 ? `${iso}T12:00:00Z` : iso), {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  })
}
