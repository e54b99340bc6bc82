import 'server-only'
import { and, eq } from 'drizzle-orm'
import type { Db } from '@/lib/engine/db'
import { jobRuns } from '@/lib/db/schema'

/**
 * Runs a periodic job once per slot across all servers sharing the database: the server that inserts
 * the slot's row runs it, every other one skips. Answers the job's result, or null when skipped.
 */
export async function runOnce<T>(
  db: Db,
  job: string,
  slot: string,
  now: Date,
  work: () => Promise<T>,
): Promise<T | null> {
  const [claimed] = await db
    .insert(jobRuns)
    .values({ job, slot, startedAt: now })
    .onConflictDoNothing()
    .returning({ job: jobRuns.job })
  if (!claimed) return null
  const result = await work()
  await db
    .update(jobRuns)
    .set({ finishedAt: new Date(), result: JSON.stringify(result) })
    .where(and(eq(jobRuns.job, job), eq(jobRuns.slot, slot)))
  return result
}

/** The slot of an hourly job: the hour in UTC, e.g. 2026-11-22T14. */
export function hourSlot(now: Date): string {
  return now.toISOString().slice(0, 13)
}
