import 'server-only'
import { createHmac } from 'node:crypto'
import { and, count, eq, gt } from 'drizzle-orm'
import type { Db } from '@/lib/db/client'
import { recommendations } from '@/lib/db/schema'
import { env } from '@/lib/env'
import type { TenantSettings } from '@/lib/tenants/settings'

const DAY_MS = 24 * 60 * 60 * 1000
const HOUR_MS = 60 * 60 * 1000

export type VelocityDecision = 'ok' | 'captcha' | 'refuse'

/** The per-IP counter keeps no address: an HMAC of it, for this purpose only. */
export function clientKey(ip: string | null): string | null {
  if (!ip) return null
  return createHmac('sha256', env().API_TOKEN_SECRET).update(`recommend-ip:${ip}`).digest('hex')
}

/**
 * Fraud basics: recommendations per referrer in the last day and per client IP in the last hour. From
 * the tenant's captcha number on a solved captcha is demanded; at the maximum the request is refused.
 */
export async function recommendationVelocity(
  db: Db,
  args: {
    tenantSlug: string
    settings: Pick<TenantSettings, 'RecommendationLimits'>
    referrerId: string | null
    clientKey: string | null
    now: Date
  },
): Promise<VelocityDecision> {
  const limits = args.settings.RecommendationLimits
  const byReferrer = args.referrerId
    ? await countSince(db, eq(recommendations.referrerId, args.referrerId), args.now.getTime() - DAY_MS)
    : 0
  const byClient = args.clientKey
    ? await countSince(
        db,
        and(eq(recommendations.tenantSlug, args.tenantSlug), eq(recommendations.clientKey, args.clientKey))!,
        args.now.getTime() - HOUR_MS,
      )
    : 0
  if (byReferrer >= limits.PerReferrerPerDayMax || byClient >= limits.PerIpPerHourMax) return 'refuse'
  if (byReferrer >= limits.PerReferrerPerDayCaptcha || byClient >= limits.PerIpPerHourCaptcha)
    return 'captcha'
  return 'ok'
}

async function countSince(db: Db, where: ReturnType<typeof eq>, sinceMs: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recommendations)
    .where(and(where, gt(recommendations.createdAt, new Date(sinceMs))))
  return row?.n ?? 0
}
