import 'server-only'
import { counterKey, type Counter } from '@/lib/engine/limits/counter'
import { CONTACT_LIMITS } from './contact-limits'

/** The per-IP key keeps no address: an HMAC of it, for this purpose only. */
export function contactClientKey(ip: string | null): string | null {
  return ip ? counterKey('contact-ip', ip) : null
}

/**
 * The client's counter of contact requests within the hour (lib/engine/limits/counter.ts), kept in the
 * database, so the limit holds across every server that shares it. Without a known client there is
 * nothing to count.
 */
export function contactCounters(ip: string | null): Counter[] {
  const key = contactClientKey(ip)
  return key ? [{ key, windowMs: CONTACT_LIMITS.WindowMs }] : []
}
