import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import {
  TEST_API_TOKEN_SECRET,
  TEST_FIELD_ENCRYPTION_SECRET,
  TEST_OPERATOR_API_KEY,
  TEST_SESSION_SECRET,
  TEST_TENANT_HOSTS,
} from './test-server'

/**
 * The production server (server.mjs, as `npm start`) of the db suite: started from the build in
 * NEXT_DIST_DIR (default .next) on a fresh PGlite directory (or DATABASE_URL when set), in a process
 * group of its own, so it can be stopped whole. global-setup.ts starts the suite's server with it; a test
 * that needs the server as configured out of the box (no proxy trusted) starts one more.
 */

const READY_TIMEOUT_MS = 120_000

export type ServerOptions = {
  port: number
  /** PGlite directory (emptied first), or `memory://` for a throw-away database. */
  dataDir: string
  logFile: string
  /** Variables on top of (or, as undefined, taken out of) the suite's server environment. */
  env?: Record<string, string | undefined>
  /** The path that answers 200 once the server is up (default: the main API's tenant call). */
  readyPath?: string
}

export function distDir(): string {
  return process.env.NEXT_DIST_DIR || '.next'
}

/** The environment of the suite's server: fixed test secrets, seeded demo tenants, developer tools. */
export function serverEnv(port: number, dataDir: string): Record<string, string | undefined> {
  return {
    ...process.env,
    NODE_ENV: 'production',
    NEXT_TELEMETRY_DISABLED: '1',
    NEXT_DIST_DIR: distDir(),
    PORT: String(port),
    PGLITE_DATA_DIR: dataDir,
    SESSION_SECRET: TEST_SESSION_SECRET,
    API_TOKEN_SECRET: TEST_API_TOKEN_SECRET,
    OPERATOR_API_KEY: TEST_OPERATOR_API_KEY,
    FIELD_ENCRYPTION_SECRET: TEST_FIELD_ENCRYPTION_SECRET,
    // Mail links point at this server. Mail a call writes is delivered right after it commits; the
    // worker's regular round stays at its default, so it seldom meets the outbox tests' own mails
    // on a shared PostgreSQL.
    PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    // The local OpenID provider of the agency area's single sign-on (scripts/demo-idp.mjs).
    DEMO_IDP_PORT: String(port + 1000),
    TENANT_HOSTS: process.env.TENANT_HOSTS || TEST_TENANT_HOSTS,
    SEED_DEMO_TENANTS: 'true',
    // The suite reads mails, captcha answers and moves recommendations back (developer tools).
    DEV_TOOLS: 'true',
    // DATABASE_URL passes through from process.env when set.
  }
}

export async function answers(url: string): Promise<number | null> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(5_000) })
    await response.arrayBuffer()
    return response.status
  } catch {
    return null
  }
}

/** Starts server.mjs and waits until the main API answers; throws with the log's tail if it does not. */
export async function startServer(options: ServerOptions): Promise<ChildProcess> {
  if (!existsSync(path.resolve(distDir(), 'BUILD_ID'))) {
    throw new Error(`No production build in ${distDir()}: run "next build" first (npm test does).`)
  }
  const baseUrl = `http://127.0.0.1:${options.port}`
  // A server left over from an earlier run would be tested instead of this build: refuse.
  if ((await answers(`${baseUrl}/api/v1/mandant/demo`)) !== null) {
    throw new Error(`Port ${options.port} is already in use; stop the process listening there first.`)
  }
  if (!options.dataDir.startsWith('memory://')) rmSync(options.dataDir, { recursive: true, force: true })
  mkdirSync(path.dirname(options.logFile), { recursive: true })
  const log = openSync(options.logFile, 'w')
  const env = { ...serverEnv(options.port, options.dataDir), ...options.env }
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete env[key]

  const child = spawn(process.execPath, ['server.mjs', '-p', String(options.port)], {
    detached: true,
    stdio: ['ignore', log, log],
    env: env as NodeJS.ProcessEnv,
  })
  let exited: number | null | undefined
  child.once('exit', (code) => {
    exited = code
  })

  const deadline = Date.now() + READY_TIMEOUT_MS
  while (Date.now() < deadline) {
    if (exited !== undefined) break
    if ((await answers(`${baseUrl}${options.readyPath ?? '/api/v1/mandant/demo'}`)) === 200) return child
    await new Promise((resolve) => setTimeout(resolve, 300))
  }
  const reason =
    exited !== undefined ? `exited with code ${exited}` : `was not ready after ${READY_TIMEOUT_MS / 1000} s`
  await stopProcessGroup(child.pid)
  const tail = existsSync(options.logFile)
    ? readFileSync(options.logFile, 'utf8').split('\n').slice(-40).join('\n')
    : ''
  throw new Error(`The test server on port ${options.port} ${reason}. Log (${options.logFile}):\n${tail}`)
}

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0)
    return true
  } catch {
    return false
  }
}

/** Ends a server's whole process group and waits until it is gone. */
export async function stopProcessGroup(pid: number | undefined) {
  if (!pid || !groupAlive(pid)) return
  process.kill(-pid, 'SIGTERM')
  const deadline = Date.now() + 10_000
  while (groupAlive(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100))
  if (groupAlive(pid)) process.kill(-pid, 'SIGKILL')
}
