import path from 'node:path'
import { startServer, stopProcessGroup } from './server-process'
import { TEST_PORT } from './test-server'

/**
 * Starts the production server for the main-API tests: server.mjs (as `npm start`) on port 3101 from the
 * build in NEXT_DIST_DIR (default .next), on a fresh PGlite directory (or DATABASE_URL when set). Jest
 * keeps globalThis between this file and global-teardown.ts, which stops the server's process group.
 */

export const DATA_DIR = path.resolve('.data', `jest-db-${TEST_PORT}`)
export const LOG_FILE = path.resolve('.data', `jest-db-${TEST_PORT}.log`)

declare global {
  var __TEST_SERVER_PID__: number | undefined
}

export default async function globalSetup() {
  const child = await startServer({
    port: TEST_PORT,
    dataDir: DATA_DIR,
    logFile: LOG_FILE,
    // The suite stands in for one reverse proxy: a test picks the client address it is counted under
    // with X-Forwarded-For (tests/db/support/http.ts uniqueClientIp). The default of no trusted proxy is
    // tested on a server of its own (tests/db/api/client-address.test.ts).
    env: { TRUSTED_PROXY_HOPS: '1' },
  })
  globalThis.__TEST_SERVER_PID__ = child.pid
  stopWithJest(child.pid)
}

/**
 * The server runs in its own process group, so an interrupted Jest (Ctrl-C, a CI time-out) would leave
 * it listening on the port: end it when Jest exits or is signalled, then let the signal take its course.
 */
function stopWithJest(pid: number | undefined) {
  if (!pid) return
  const kill = () => {
    // After global-teardown the group is gone and its id may belong to someone else by now.
    if (globalThis.__TEST_SERVER_PID__ !== pid) return
    try {
      process.kill(-pid, 'SIGTERM')
    } catch {
      // already gone
    }
  }
  process.once('exit', kill)
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      kill()
      process.kill(process.pid, signal)
    })
  }
}

/** Ends the server's whole process group and waits until it is gone. */
export async function stopServer() {
  const pid = globalThis.__TEST_SERVER_PID__
  globalThis.__TEST_SERVER_PID__ = undefined
  await stopProcessGroup(pid)
}
