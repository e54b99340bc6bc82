import 'server-only'
import { eq, sql } from 'drizzle-orm'
import { getDb } from '@/lib/engine/db'
import { referrers } from '@/lib/db/schema'
import type { ReferrerRow } from './to-user'

/** Logout: raising the session version makes every token issued so far unusable. */
export async function endSessions(referrer: ReferrerRow): Promise<void> {
  const db = await getDb()
  await db
    .update(referrers)
    .set({ sessionVersion: sql`${referrers.sessionVersion} + 1` })
    .where(eq(referrers.id, referrer.id))
}
