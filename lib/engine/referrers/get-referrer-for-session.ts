import 'server-only'
import { sql } from 'drizzle-orm'
import { getDb } from '@/lib/engine/db'
import { referrers } from '@/lib/db/schema'
import { columnsOf, rowsOf } from '@/lib/db/plain-statements'
import { ApiError } from '@/lib/shared/errors'
import type { TokenClaims } from '@/lib/engine/auth/token'
import type { ReferrerRow } from './to-user'

/**
 * The referrer the main-API wrapper verified for this request's claims (lib/engine/auth/verify-session),
 * so the handler that asks next reads no second time. Held only while the request runs.
 */
const verified = new WeakMap<TokenClaims, ReferrerRow>()

/** The referrer a token speaks for; refused (PSOF0204) when locked, deleted or the session was ended. */
export async function getReferrerForSession(tenantSlug: string, claims: TokenClaims): Promise<ReferrerRow> {
  if (claims.role !== 'referrer' || claims.ten !== tenantSlug) throw new ApiError('PSOF0204')
  return verified.get(claims) ?? loadReferrer(tenantSlug, claims)
}

/** Verifies the session and keeps its referrer for the rest of the request (until `releaseReferrerSession`). */
export async function holdReferrerSession(tenantSlug: string, claims: TokenClaims): Promise<void> {
  verified.set(claims, await getReferrerForSession(tenantSlug, claims))
}

export function releaseReferrerSession(claims: TokenClaims): void {
  verified.delete(claims)
}

/**
 * Reads of one session that are under way at the same moment, shared: the personal area asks three
 * main-API calls at once with one token, and all three wait for the one read. A check that starts while
 * a read runs takes that read's answer, so a logout or lock committed within its round trip (about a
 * millisecond) is seen by the next check, as if the request had come that much earlier; a check after
 * the read is done always reads afresh.
 */
const running = new Map<string, Promise<ReferrerRow>>()

function loadReferrer(tenantSlug: string, claims: TokenClaims): Promise<ReferrerRow> {
  const key = `${tenantSlug}\n${claims.sub}\n${claims.sv}`
  const shared = running.get(key)
  if (shared) return shared
  const read = readReferrer(tenantSlug, claims).finally(() => running.delete(key))
  running.set(key, read)
  return read
}

async function readReferrer(tenantSlug: string, claims: TokenClaims): Promise<ReferrerRow> {
  const db = await getDb()
  const [referrer] = rowsOf(
    referrers,
    await db.execute(
      sql`select ${columnsOf(referrers)} from referrers where tenant_slug = ${tenantSlug} and id = ${claims.sub} limit 1`,
    ),
  )
  if (!referrer || referrer.locked || referrer.sessionVersion !== claims.sv) throw new ApiError('PSOF0204')
  return referrer
}
