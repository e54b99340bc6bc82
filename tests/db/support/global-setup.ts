import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import {
  BASE_URL,
  TEST_API_TOKEN_SECRET,
  TEST_FIELD_ENCRYPTION_SECRET,
  TEST_OPERATOR_API_KEY,
  TEST_PORT,
  TEST_SESSION_SECRET,
  TEST_TENANT_HOSTS,
} from './test-server'

/**
 * Starts the production server for the main-API tests: `next start` on port 3101 from the build in
 * NEXT_DIST_DIR (default .next), on a fresh PGlite directory (or DATABASE_URL when set). Jest keeps
 * globalThis between this file and global-teardown.ts, which stops the server's process group.
 */

const READY_TIMEOUT_MS = 120_000
export const DATA_DIR = path.resolve('.data', `jest-db-${TEST_PORT}`)
export const LOG_FILE = path.resolve('.data', `jest-db-${TEST_PORT}.log`)

declare global {
  var __TEST_SERVER_PID__: number | undefined
}

async function answers(url: string): Promise<number | null> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(5_000) })
    await response.arrayBuffer()
    return response.status
  } catch {
    return null
  }
}

export default async function globalSetup() {
  const distDir = process.env.NEXT_DIST_DIR || '.next'
  if (!existsSync(path.resolve(distDir, 'BUILD_ID'))) {
    throw new Error(`No production build in ${distDir}: run "next build" first (npm test does).`)
  }
  // A server left over from an earlier run would be tested instead of this build: refuse.
  if ((await answers(`${BASE_URL}/api/v1/mandant/demo`)) !== null) {
    throw new Error(`Port ${TEST_PORT} is already in use; stop the process listening there first.`)
  }

  rmSync(DATA_DIR, { recursive: true, force: true })
  mkdirSync(path.dirname(LOG_FILE), { recursive: true })
  const log = openSync(LOG_FILE, 'w')

  const child = spawn(
    process.execPath,
    ['node_modules/next/dist/bin/next', 'start', '-p', String(TEST_PORT)],
    {
      detached: true,
      stdio: ['ignore', log, log],
      env: {
        ...process.env,
        NODE_ENV: 'production',
        NEXT_TELEMETRY_DISABLED: '1',
        NEXT_DIST_DIR: distDir,
        PORT: String(TEST_PORT),
        PGLITE_DATA_DIR: DATA_DIR,
        SESSION_SECRET: TEST_SESSION_SECRET,
        API_TOKEN_SECRET: TEST_API_TOKEN_SECRET,
        OPERATOR_API_KEY: TEST_OPERATOR_API_KEY,
        FIELD_ENCRYPTION_SECRET: TEST_FIELD_ENCRYPTION_SECRET,
        // Mail links point at this server. Mail a call writes is delivered right after it commits; the
        // worker's regular round stays at its default, so it seldom meets the outbox tests' own mails
        // on a shared PostgreSQL.
        PUBLIC_BASE_URL: `http://127.0.0.1:${TEST_PORT}`,
        TENANT_HOSTS: process.env.TENANT_HOSTS || TEST_TENANT_HOSTS,
        SEED_DEMO_TENANTS: 'true',
        // DATABASE_URL passes through from process.env when set.
      },
    },
  )
  globalThis.__TEST_SERVER_PID__ = child.pid
  stopWithJest(child.pid)

  let exited: number | null | undefined
  child.once('exit', (code) => {
    exited = code
  })

  const deadline = Date.now() + READY_TIMEOUT_MS
  while (Date.now() < deadline) {
    if (exited !== undefined) break
    if ((await answers(`${BASE_URL}/api/v1/mandant/demo`)) === 200) return
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  const reason =
    exited !== undefined ? `exited with code ${exited}` : `was not ready after ${READY_TIMEOUT_MS / 1000} s`
  await stopServer()
  const tail = existsSync(LOG_FILE) ? readFileSync(LOG_FILE, 'utf8').split('\n').slice(-40).join('\n') : ''
  throw new Error(`The test server on port ${TEST_PORT} ${reason}. Log (${LOG_FILE}):\n${tail}`)
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

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0)
    return true
  } catch {
    return false
  }
}

/** Ends the server's whole process group (next start forks a worker) and waits until it is gone. */
export async function stopServer() {
  const pid = globalThis.__TEST_SERVER_PID__
  globalThis.__TEST_SERVER_PID__ = undefined
  if (!pid || !groupAlive(pid)) return
  process.kill(-pid, 'SIGTERM')
  const deadline = Date.now() + 10_000
  while (groupAlive(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100))
  if (groupAlive(pid)) process.kill(-pid, 'SIGKILL')
}
