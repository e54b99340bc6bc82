import 'server-only'
import { lte } from 'drizzle-orm'
import type { Db } from '@/lib/engine/db'
import { limitCounters } from '@/lib/db/schema'
import { hourSlot, runOnce } from '@/lib/engine/jobs/run-once'

/**
 * How long a counter nobody moved is kept: far past the longest window of any limit (a day). A counter
 * without a window (an e-mail's failed logins, until a login succeeds) is forgotten after as long
 * without a try; a lock it led to stays on the account.
 */
export const COUNTER_IDLE_MS = 30 * 24 * 60 * 60 * 1000

/** Deletes the counters idle for COUNTER_IDLE_MS; answers how many went. */
export async function pruneIdleCounters(db: Db, now: Date): Promise<number> {
  const gone = await db
    .delete(limitCounters)
    .where(lte(limitCounters.lastAt, new Date(now.getTime() - COUNTER_IDLE_MS)))
    .returning({ keyHash: limitCounters.keyHash })
  return gone.length
}

/** The hourly run, once across all servers. */
export function pruneIdleCountersOnce(db: Db, now: Date) {
  return runOnce(db, 'limit-counters', hourSlot(now), now, () => pruneIdleCounters(db, now))
}
