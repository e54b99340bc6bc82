import type { TenantSettings } from '@/lib/tenants/settings'

/**
 * Limits of the contact form per client IP and hour. Constants for now (a tenant setting could replace
 * them): with the tenant's Captcha 'onDemand', a captcha from the fourth request within the hour (three
 * sent already); for every tenant the tenth within the hour is refused (nine sent already).
 */
export const CONTACT_LIMITS = {
  WindowMs: 60 * 60 * 1000,
  CaptchaAfterPerIpPerHour: 3,
  MaxPerIpPerHour: 9,
} as const

export type ContactLimits = {
  CaptchaAfterPerIpPerHour: number
  MaxPerIpPerHour: number
}

export type ContactDecision = 'ok' | 'captcha' | 'refuse'

/** What the next request of a client needs, given the requests it sent within the last hour. */
export function contactDecision(args: {
  recentRequests: number
  captcha: TenantSettings['Captcha']
  limits?: ContactLimits
}): ContactDecision {
  const limits = args.limits ?? CONTACT_LIMITS
  if (args.recentRequests >= limits.MaxPerIpPerHour) return 'refuse'
  if (args.captcha === 'onDemand' && args.recentRequests >= limits.CaptchaAfterPerIpPerHour) return 'captcha'
  return 'ok'
}
