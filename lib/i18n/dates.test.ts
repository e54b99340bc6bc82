import { createFormatter } from 'next-intl'
import { TIME_ZONE } from './config'
import { formatDate, formatDateTime } from './dates'

const formatter = (locale: 'de' | 'en') => createFormatter({ locale, timeZone: TIME_ZONE })

describe('formatDate', () => {
  it('shows German dates as 31.12.2026 and English ones in British order, 31/12/2026', () => {
    expect(formatDate(formatter('de'), '2026-12-31')).toBe('31.12.2026')
    expect(formatDate(formatter('en'), '2026-12-31')).toBe('31/12/2026')
    expect(formatDate(formatter('en'), '2026-01-05T10:00:00Z')).toBe('05/01/2026')
  })

  it('gives date and time on a 24-hour clock in German time', () => {
    expect(formatDateTime(formatter('de'), '2026-07-01T12:05:00Z')).toBe('01.07.2026, 14:05')
    expect(formatDateTime(formatter('en'), '2026-07-01T12:05:00Z')).toBe('01/07/2026, 14:05')
  })
})
