import 'server-only'
import { counterKey, type Counter, type Limit } from '@/lib/engine/limits/counter'
import type { TenantSettings } from '@/lib/shared/tenants/settings'

const DAY_MS = 24 * 60 * 60 * 1000
const HOUR_MS = 60 * 60 * 1000

/** The per-IP key keeps no address: an HMAC of it, for this purpose only. */
export function clientKey(ip: string | null): string | null {
  return ip ? counterKey('recommend-ip', ip) : null
}

/**
 * Fraud basics: recommendations per referrer (by e-mail) within a day and per client IP within an hour,
 * counted as every limit is (lib/engine/limits/counter.ts). From the tenant's captcha number on a solved
 * captcha is demanded; past the maximum the request is refused. Counters and limits pair by position.
 */
export function velocityCounters(
  settings: Pick<TenantSettings, 'RecommendationLimits'>,
  args: { email: string | null; ip: string | null },
): { counters: Counter[]; limits: Limit[] } {
  const limits = settings.RecommendationLimits
  const counters: Counter[] = []
  const byCounter: Limit[] = []
  if (args.email) {
    counters.push({ key: counterKey('recommend-email', args.email), windowMs: DAY_MS })
    byCounter.push({
      captchaAfter: limits.PerReferrerPerDayCaptcha,
      refuseAfter: limits.PerReferrerPerDayMax,
    })
  }
  const ip = clientKey(args.ip)
  if (ip) {
    counters.push({ key: ip, windowMs: HOUR_MS })
    byCounter.push({ captchaAfter: limits.PerIpPerHourCaptcha, refuseAfter: limits.PerIpPerHourMax })
  }
  return { counters, limits: byCounter }
}
