// Opens the database (migrations, demo seeding) when the server starts, so the first visitor does not
// wait for it, and starts the mail outbox worker and the periodic jobs. Never at build time.
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NEXT_PHASE === 'phase-production-build') return
  const { getDb } = await import('@/lib/db/client')
  await getDb()
  const { startMailWorker } = await import('@/lib/engine/mail/start-mail-worker')
  startMailWorker()
  const { startJobs } = await import('@/lib/engine/jobs/start-jobs')
  startJobs()
}
