import 'server-only'
import { closeDb } from '@/lib/engine/db'
import { stopJobs } from '@/lib/engine/jobs/start-jobs'
import { stopMailWorker } from '@/lib/engine/mail/start-mail-worker'
import { stopTenantChangeBus } from '@/lib/engine/tenant-change-bus'
import { stopTenantChangesOverRedis } from '@/lib/shared/tenant-change-redis'

/**
 * The engine's part of a graceful stop, after the server answered its last request: the periodic jobs
 * and the mail worker start nothing new and finish the run under way (a claimed job slot or mail is
 * completed, not left for its claim to run out), the change buses stop, then the database
 * connection closes.
 */
export async function engineShutdown(): Promise<void> {
  await Promise.all([stopJobs(), stopMailWorker(), stopTenantChangeBus(), stopTenantChangesOverRedis()])
  await closeDb()
}
