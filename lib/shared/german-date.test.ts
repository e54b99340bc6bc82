import { formatIsoDate, germanDayStart, nextGermanDay, parseGermanDate } from './german-date'

describe('German calendar days', () => {
  it('parses and formats DD.MM.YYYY', () => {
    expect(parseGermanDate('1.2.2026')).toBe('2026-02-01')
    expect(parseGermanDate('29.02.2026')).toBeNull()
    expect(formatIsoDate('2026-12-31')).toBe('31.12.2026')
  })

  it('starts a day at midnight in Berlin, in winter and in summer time', () => {
    expect(germanDayStart('2026-01-15').toISOString()).toBe('2026-01-14T23:00:00.000Z')
    expect(germanDayStart('2026-07-15').toISOString()).toBe('2026-07-14T22:00:00.000Z')
    // The days of the clock changes begin before the change.
    expect(germanDayStart('2026-03-29').toISOString()).toBe('2026-03-28T23:00:00.000Z')
    expect(germanDayStart('2026-10-25').toISOString()).toBe('2026-10-24T22:00:00.000Z')
  })

  it('counts on to the next day across months and years', () => {
    expect(nextGermanDay('2026-02-28')).toBe('2026-03-01')
    expect(nextGermanDay('2028-02-28')).toBe('2028-02-29')
    expect(nextGermanDay('2026-12-31')).toBe('2027-01-01')
  })
})
