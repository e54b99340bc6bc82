import 'server-only'
import { and, desc, eq } from 'drizzle-orm'
import { getDb } from '@/lib/db/client'
import { recommendations } from '@/lib/db/schema'
import { ApiError } from '@/lib/errors'
import type { Recommendation } from '@/lib/contracts/recommendation'
import type { TokenClaims } from '@/lib/engine/auth/token'
import { systemClock, type Clock } from '@/lib/engine/clock'
import type { Tenant } from '@/lib/engine/tenants/get-tenant-or-throw'
import { getReferrerForSession } from '@/lib/engine/referrers/get-referrer-for-session'
import { toRecommendation } from './to-recommendation'

/** GET /empfehler/empfehlungen/: the logged-in referrer's recommendations, newest first. */
export async function listRecommendations(
  tenant: Tenant,
  auth: TokenClaims,
  clock: Clock = systemClock,
): Promise<Recommendation[]> {
  const referrer = await getReferrerForSession(tenant.slug, auth)
  const db = await getDb()
  const rows = await db
    .select()
    .from(recommendations)
    .where(eq(recommendations.referrerId, referrer.id))
    .orderBy(desc(recommendations.createdAt))
    .limit(500)
  const now = clock()
  return rows.map((row) => toRecommendation(tenant, row, now))
}

/** GET /empfehlen/{nr}: one recommendation of the logged-in referrer (anyone else's is not found). */
export async function getOwnRecommendation(
  tenant: Tenant,
  auth: TokenClaims,
  nummer: string,
  clock: Clock = systemClock,
): Promise<Recommendation> {
  const referrer = await getReferrerForSession(tenant.slug, auth)
  const db = await getDb()
  const [row] = await db
    .select()
    .from(recommendations)
    .where(and(eq(recommendations.referrerId, referrer.id), eq(recommendations.nummer, nummer)))
    .limit(1)
  if (!row) throw new ApiError('NichtGefunden')
  return toRecommendation(tenant, row, clock())
}
