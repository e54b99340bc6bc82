import 'server-only'
import { getDb } from '@/lib/engine/db'
import { env } from '@/lib/shared/env'
import { log } from '@/lib/shared/log'
import { deleteMissedOptInsOnce } from '@/lib/engine/recommendations/pending-opt-in'
import { pruneIdleCountersOnce } from '@/lib/engine/limits/prune-counters'
import { deleteUnconfirmedRecipientsOnce } from '@/lib/engine/recipients/delete-unconfirmed'
import { deleteStaleInvitationsOnce } from '@/lib/engine/agency/invitations/delete-stale-invitations'
import { runRewardJobsOnce } from '@/lib/engine/rewards/reward-jobs'

const KEY = Symbol.for('referral-portal.jobs')
const RUNNING = Symbol.for('referral-portal.jobs.running')
type Holder = { [KEY]?: ReturnType<typeof setInterval>; [RUNNING]?: Promise<void> }

/**
 * Looks for due periodic jobs every JOB_INTERVAL_SECONDS on every server; each job runs once per slot
 * across all of them (lib/engine/jobs/run-once.ts). The recipient retention (SPEC §4, 12 weeks) and the
 * invitations' (as long), the recommendations whose opt-in did not come while its link worked, and the
 * reward jobs (readiness after the complaint period, reminders, expiry, waiting vouchers).
 */
export function startJobs() {
  const holder = globalThis as Holder
  const seconds = env().JOB_INTERVAL_SECONDS
  if (holder[KEY] || seconds === 0) return
  const tick = async () => {
    try {
      const db = await getDb()
      const deleted = await deleteUnconfirmedRecipientsOnce(db, new Date())
      if (deleted && Object.keys(deleted).length > 0) log.info('unconfirmed recipients deleted', deleted)
      const invitations = await deleteStaleInvitationsOnce(db, new Date())
      if (invitations && Object.keys(invitations).length > 0)
        log.info('stale invitations deleted', invitations)
      const missed = await deleteMissedOptInsOnce(db, new Date())
      if (missed && Object.keys(missed).length > 0) log.info('recommendations without opt-in deleted', missed)
      const pruned = await pruneIdleCountersOnce(db, new Date())
      if (pruned) log.info('idle limit counters deleted', { count: pruned })
      const rewarded = await runRewardJobsOnce(db, new Date())
      if (rewarded) log.info('reward jobs ran', rewarded)
    } catch (error) {
      log.error('periodic jobs failed', { error: error instanceof Error ? error.message : String(error) })
    }
  }
  // One run at a time; the run under way is what stopJobs waits for.
  const run = () => {
    holder[RUNNING] ??= tick().finally(() => delete holder[RUNNING])
  }
  holder[KEY] = setInterval(run, seconds * 1000)
  holder[KEY].unref()
  run()
}

/** Starts no further run and waits for the one under way, so its slot is finished, not left half done. */
export async function stopJobs(): Promise<void> {
  const holder = globalThis as Holder
  clearInterval(holder[KEY])
  delete holder[KEY]
  await holder[RUNNING]
}
