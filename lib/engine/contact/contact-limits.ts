import type { Limit } from '@/lib/engine/limits/counter'
import type { TenantSettings } from '@/lib/shared/tenants/settings'

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

/** The limit of a client's counter (lib/engine/limits/counter.ts `decide`) for the tenant's captcha mode. */
export function contactLimit(
  captcha: TenantSettings['Captcha'],
  limits: ContactLimits = CONTACT_LIMITS,
): Limit {
  return {
    captchaAfter: captcha === 'onDemand' ? limits.CaptchaAfterPerIpPerHour : null,
    refuseAfter: limits.MaxPerIpPerHour,
  }
}
