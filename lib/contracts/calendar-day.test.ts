import { calendarDaySchema, isCalendarDay } from './calendar-day'

describe('calendar days', () => {
  it.each(['2026-01-01', '2024-02-29', '2026-12-31', '1900-01-01', '2999-12-31'])('takes %s', (day) => {
    expect(isCalendarDay(day)).toBe(true)
    expect(calendarDaySchema.safeParse(day).success).toBe(true)
  })

  it.each([
    '2026-13-45',
    '2026-02-30',
    '2025-02-29',
    '2026-00-10',
    '2026-04-31',
    '0000-01-01',
    '0000-00-00',
    '1899-12-31',
    '3000-01-01',
    '9999-99-99',
    '2026-1-1',
    '20260101',
    ' 2026-01-01',
    '2026-01-01T00:00:00Z',
  ])('refuses %s', (day) => {
    expect(isCalendarDay(day)).toBe(false)
    expect(calendarDaySchema.safeParse(day).success).toBe(false)
  })
})
