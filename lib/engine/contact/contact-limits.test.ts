import { CONTACT_LIMITS, contactLimit, type ContactLimits } from '@/lib/engine/contact/contact-limits'
import { decide } from '@/lib/engine/limits/counter'

/** The decision for a client that sent `sent` requests within the hour (its next request's number). */
function next(sent: number, captcha: 'onDemand' | 'off', limits: ContactLimits = CONTACT_LIMITS) {
  return decide([{ counted: sent, number: sent + 1 }], [contactLimit(captcha, limits)])
}

describe('contactLimit', () => {
  it('lets the first three requests of an hour through and demands a captcha from the fourth (onDemand)', () => {
    const decisions = [0, 1, 2, 3, 4, 8].map((sent) => next(sent, 'onDemand'))
    expect(decisions).toEqual(['ok', 'ok', 'ok', 'captcha', 'captcha', 'captcha'])
  })

  it('refuses the tenth request of an hour, with or without captcha', () => {
    for (const captcha of ['onDemand', 'off'] as const) {
      expect(next(8, captcha)).not.toBe('refuse')
      expect(next(9, captcha)).toBe('refuse')
      expect(next(500, captcha)).toBe('refuse')
    }
  })

  it('never demands a captcha of a tenant whose Captcha is off', () => {
    expect([0, 3, 8].map((sent) => next(sent, 'off'))).toEqual(['ok', 'ok', 'ok'])
  })

  it('follows other limits when given', () => {
    const limits = { CaptchaAfterPerIpPerHour: 1, MaxPerIpPerHour: 2 }
    expect(next(0, 'onDemand', limits)).toBe('ok')
    expect(next(1, 'onDemand', limits)).toBe('captcha')
    expect(next(2, 'onDemand', limits)).toBe('refuse')
  })

  it('has the limits of the brief: captcha after three, refusal at the tenth, within an hour', () => {
    expect(CONTACT_LIMITS).toEqual({ WindowMs: 3_600_000, CaptchaAfterPerIpPerHour: 3, MaxPerIpPerHour: 9 })
  })
})
