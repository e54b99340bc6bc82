import { formatValidity } from './format-validity'

describe('formatValidity', () => {
  it('writes the end of a mailed link in German time, in the formats of each language', () => {
    const winter = new Date('2026-11-29T10:40:00Z')
    const summer = new Date('2026-07-01T22:05:00Z')
    expect(formatValidity(winter, 'de')).toBe('29.11.2026, 11:40 Uhr')
    expect(formatValidity(winter, 'en')).toBe('29/11/2026, 11:40')
    expect(formatValidity(summer, 'de')).toBe('02.07.2026, 00:05 Uhr')
    expect(formatValidity(summer, 'en')).toBe('02/07/2026, 00:05')
  })

  it('answers the kept text within the same minute only, also for seconds apart', () => {
    expect(formatValidity(new Date('2026-11-29T10:40:59.999Z'), 'de')).toBe('29.11.2026, 11:40 Uhr')
    expect(formatValidity(new Date('2026-11-29T10:41:00Z'), 'de')).toBe('29.11.2026, 11:41 Uhr')
    expect(formatValidity(new Date('2026-11-29T10:41:30Z'), 'en')).toBe('29/11/2026, 11:41')
    expect(formatValidity(new Date('2026-11-29T10:40:30Z'), 'de')).toBe('29.11.2026, 11:40 Uhr')
  })
})
