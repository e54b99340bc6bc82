import { z } from 'zod'

/** The years a day in a request may have: anything else is no day a report, plan or order is about. */
const FIRST_YEAR = 1900
const LAST_YEAR = 2999
const DAY_FORMAT = /^\d{4}-\d{2}-\d{2}$/

/** Whether `day` is YYYY-MM-DD of a day that exists (no 2026-02-30, no month 13) within the years taken. */
export function isCalendarDay(day: string): boolean {
  if (!DAY_FORMAT.test(day)) return false
  const year = Number(day.slice(0, 4))
  if (year < FIRST_YEAR || year > LAST_YEAR) return false
  const date = new Date(`${day}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day
}

/**
 * A calendar day as YYYY-MM-DD that exists, in the years 1900–2999: a day that does not is refused as
 * input (400) instead of failing a date computation or a date column (500).
 */
export const calendarDaySchema = z
  .string()
  // The format also as a pattern, so the OpenAPI document (which leaves refinements out) states it.
  .regex(DAY_FORMAT)
  .refine(isCalendarDay, 'date')
