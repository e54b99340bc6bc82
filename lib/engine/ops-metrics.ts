import 'server-only'
import { count, inArray, max, min } from 'drizzle-orm'
import { getDb } from '@/lib/engine/db'
import { jobRuns, mailOutbox } from '@/lib/db/schema'
import { systemClock, type Clock } from '@/lib/engine/clock'

/** What the engine adds to GET /metrics (lib/edge/metrics.mjs): the outbox and the periodic jobs. */
export type EngineMetrics = {
  outboxDepth: number
  outboxOldestAgeSeconds: number
  jobLagSeconds: number | null
}

/**
 * The mail outbox's depth (mails not yet sent: waiting, being sent) and the age of the oldest of them,
 * and the seconds since the periodic jobs last finished a run on any server (null before the first).
 * Two small reads, asked once per scrape.
 */
export async function engineMetrics(clock: Clock = systemClock): Promise<EngineMetrics> {
  const db = await getDb()
  const [outbox] = await db
    .select({ depth: count(), oldest: min(mailOutbox.createdAt) })
    .from(mailOutbox)
    .where(inArray(mailOutbox.status, ['pending', 'sending']))
  const [jobs] = await db.select({ last: max(jobRuns.finishedAt) }).from(jobRuns)
  const now = clock().getTime()
  const seconds = (at: Date | string | null | undefined) =>
    at ? Math.max(0, Math.round((now - new Date(at).getTime()) / 1000)) : null
  return {
    outboxDepth: Number(outbox?.depth ?? 0),
    outboxOldestAgeSeconds: seconds(outbox?.oldest) ?? 0,
    jobLagSeconds: seconds(jobs?.last),
  }
}
