/**
 * A date typed as DD.MM.YYYY (SPEC §5) as the API takes it: YYYY-MM-DD (stored as a UTC date). Null for
 * another format or a day that does not exist (31.02., 29.02. outside leap years).
 */
export function parseGermanDate(input: string): string | null {
  const match = /^\s*(\d{1,2})\.(\d{1,2})\.(\d{4})\s*$/.exec(input)
  if (!match) return null
  const [, d, m, y] = match as unknown as [string, string, string, string]
  const iso = `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`
  const date = new Date(`${iso}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === iso ? iso : null
}

/** Whole years between a birth date (YYYY-MM-DD) and a day (YYYY-MM-DD). */
export function yearsBetween(birth: string, day: string): number {
  const [by, bm, bd] = birth.split('-').map(Number) as [number, number, number]
  const [ty, tm, td] = day.split('-').map(Number) as [number, number, number]
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0)
}

/** A date YYYY-MM-DD as the portal displays dates (SPEC §9): DD.MM.YYYY. */
export function formatIsoDate(iso: string): string {
  const [y, m, d] = iso.split('-')
  return `${d}.${m}.${y}`
}

const BERLIN_OFFSET = new Intl.DateTimeFormat('en-US', {
  timeZone: 'Europe/Berlin',
  timeZoneName: 'longOffset',
})

/** The instant a German calendar day (YYYY-MM-DD) begins: midnight in Berlin, summer or winter time. */
export function germanDayStart(day: string): Date {
  const utcMidnight = new Date(`${day}T00:00:00Z`)
  const zone = BERLIN_OFFSET.formatToParts(utcMidnight).find((part) => part.type === 'timeZoneName')?.value
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(zone ?? '')
  const offsetMinutes = match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0
  return new Date(utcMidnight.getTime() - offsetMinutes * 60_000)
}

/** The German calendar day after `day` (YYYY-MM-DD). */
export function nextGermanDay(day: string): string {
  const date = new Date(`${day}T12:00:00Z`)
  date.setUTCDate(date.getUTCDate() + 1)
  return date.toISOString().slice(0, 10)
}
