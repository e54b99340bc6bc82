import path from 'node:path'
import { startServer, stopProcessGroup } from '../../db/support/server-process'
import { FUZZ_PORT } from './fuzz-port'

/**
 * Each fuzz test file has a production server of its own (server.mjs, as `npm start`, with the db
 * suite's test secrets), so the files can run side by side on both cores and each one's row check sees
 * only its own writes: port JEST_FUZZ_PORT (default 3103) plus the file's place among the fuzz test
 * files, an in-memory database, no periodic jobs, and mail delivered only right after the change that
 * wrote it (the worker's regular round would come once a day), so the database's write watermark moves
 * only when a request writes.
 */

/** Starts the file's server before its tests and stops it after them. */
export function startFuzzServer(): void {
  let pid: number | undefined
  beforeAll(async () => {
    const child = await startServer({
      port: FUZZ_PORT,
      dataDir: 'memory://',
      logFile: path.resolve('.data', `jest-fuzz-${FUZZ_PORT}.log`),
      env: {
        DATABASE_URL: undefined,
        MAIL_WORKER_INTERVAL_SECONDS: '86400',
        JOB_INTERVAL_SECONDS: '0',
      },
    })
    pid = child.pid
  }, 180_000)
  afterAll(async () => {
    await stopProcessGroup(pid)
  })
}
