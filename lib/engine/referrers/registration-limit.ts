import 'server-only'
import { counterKey, type Counter, type Limit } from '@/lib/engine/limits/counter'

/**
 * Registrations (POST /account/createEmpfehler) per client IP within an hour: each one mails the
 * address typed in, with the names typed in, so one client must not use the tenant's sender for bulk
 * mail. Generous, as many people may share one address (offices, mobile carriers); the call has no
 * captcha (SPEC §7.2), so the limit refuses (ZuVieleAnfragen) from the 21st within the hour.
 */
export const REGISTRATION_LIMIT = { WindowMs: 60 * 60 * 1000, MaxPerIpPerHour: 20 } as const

export const registrationLimit: Limit = {
  captchaAfter: null,
  refuseAfter: REGISTRATION_LIMIT.MaxPerIpPerHour,
}

/** The client's counter (an HMAC of the address, kept in the database across servers); none unknown. */
export function registrationCounters(ip: string | null): Counter[] {
  return ip ? [{ key: counterKey('register-ip', ip), windowMs: REGISTRATION_LIMIT.WindowMs }] : []
}
