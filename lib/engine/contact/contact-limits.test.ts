import { CONTACT_LIMITS, contactDecision } from '@/lib/engine/contact/contact-limits'

describe('contactDecision', () => {
  it('lets the first three requests of an hour through and demands a captcha from the fourth (onDemand)', () => {
    const decisions = [0, 1, 2, 3, 4, 8].map((recentRequests) =>
      contactDecision({ recentRequests, captcha: 'onDemand' }),
    )
    expect(decisions).toEqual(['ok', 'ok', 'ok', 'captcha', 'captcha', 'captcha'])
  })

  it('refuses the tenth request of an hour, with or without captcha', () => {
    for (const captcha of ['onDemand', 'off'] as const) {
      expect(contactDecision({ recentRequests: 8, captcha })).not.toBe('refuse')
      expect(contactDecision({ recentRequests: 9, captcha })).toBe('refuse')
      expect(contactDecision({ recentRequests: 500, captcha })).toBe('refuse')
    }
  })

  it('never demands a captcha of a tenant whose Captcha is off', () => {
    const decisions = [0, 3, 8].map((recentRequests) => contactDecision({ recentRequests, captcha: 'off' }))
    expect(decisions).toEqual(['ok', 'ok', 'ok'])
  })

  it('follows other limits when given', () => {
    const limits = { CaptchaAfterPerIpPerHour: 1, MaxPerIpPerHour: 2 }
    expect(contactDecision({ recentRequests: 0, captcha: 'onDemand', limits })).toBe('ok')
    expect(contactDecision({ recentRequests: 1, captcha: 'onDemand', limits })).toBe('captcha')
    expect(contactDecision({ recentRequests: 2, captcha: 'onDemand', limits })).toBe('refuse')
  })

  it('has the limits of the brief: captcha after three, refusal at the tenth, within an hour', () => {
    expect(CONTACT_LIMITS).toEqual({ WindowMs: 3_600_000, CaptchaAfterPerIpPerHour: 3, MaxPerIpPerHour: 9 })
  })
})
