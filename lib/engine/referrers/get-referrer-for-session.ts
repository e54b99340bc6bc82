import 'server-only'
import { and, eq } from 'drizzle-orm'
import { getDb } from '@/lib/db/client'
import { referrers } from '@/lib/db/schema'
import { ApiError } from '@/lib/errors'
import type { TokenClaims } from '@/lib/engine/auth/token'
import type { ReferrerRow } from './to-user'

/** The referrer a token speaks for; refused (PSOF0204) when locked, deleted or the session was ended. */
export async function getReferrerForSession(tenantSlug: string, claims: TokenClaims): Promise<ReferrerRow> {
  if (claims.role !== 'referrer' || claims.ten !== tenantSlug) throw new ApiError('PSOF0204')
  const db = await getDb()
  const [referrer] = await db
    .select()
    .from(referrers)
    .where(and(eq(referrers.tenantSlug, tenantSlug), eq(referrers.id, claims.sub)))
    .limit(1)
  if (!referrer || referrer.locked || referrer.sessionVersion !== claims.sv) throw new ApiError('PSOF0204')
  return referrer
}
