// What npm run bench's scenarios share: reading their settings, the build they measure, the server
// (its own process group, so its children go with it; its output in a log file; stopped when the
// benchmark ends or is interrupted), its port and readiness, a throw-away PostgreSQL database and fixed
// secrets.
import { spawn, spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { createWriteStream, existsSync } from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import pg from 'pg'
import { keepTypeConfig } from './build-side-effects.mjs'

/** A positive whole number from the environment, or the default; anything else ends the benchmark. */
export function positiveInt(name, fallback) {
  const value = Number(process.env[name] ?? fallback)
  if (!Number.isInteger(value) || value < 1) {
    console.error(`✖ ${name} must be a positive whole number`)
    process.exit(1)
  }
  return value
}

export function step(label) {
  console.log(`\n▶ ${label}`)
}

/**
 * The production build in `distDir` (SKIP_BUILD=1 reuses an existing one); answers whether it is there.
 * @param {{ distDir: string, env: NodeJS.ProcessEnv }} options
 */
export function ensureBuild({ distDir, env }) {
  if (process.env.SKIP_BUILD === '1' && existsSync(path.join(distDir, 'BUILD_ID'))) {
    step(`reusing the build in ${distDir} (SKIP_BUILD=1)`)
    return true
  }
  step(`building into ${distDir}`)
  const restoreTypeConfig = keepTypeConfig(distDir)
  const result = spawnSync(
    process.execPath,
    [path.join('node_modules', 'next', 'dist', 'bin', 'next'), 'build'],
    { stdio: 'inherit', env },
  )
  restoreTypeConfig()
  return result.status === 0
}

/** The stop functions of the servers still running: an interrupted benchmark leaves none behind. */
const running = new Set()
let signalsHandled = false

function stopAllOnSignal() {
  if (signalsHandled) return
  signalsHandled = true
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      for (const stop of running) stop()
      process.exit(130)
    })
  }
}

/**
 * @param {{ args: string[], env: NodeJS.ProcessEnv, logPath: string }} options node's arguments
 * @returns {{ readonly exit: string | null, stop: () => void, stopAndWait: (graceMs?: number) => Promise<void> }}
 */
export function startBenchServer({ args, env, logPath }) {
  const log = createWriteStream(logPath)
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true, env })
  child.stdout.pipe(log)
  child.stderr.pipe(log)
  /** @type {string | null} */
  let exit = null
  child.on('exit', (code, signal) => {
    exit = signal ?? `exit code ${code}`
  })
  const kill = (/** @type {NodeJS.Signals} */ signal) => {
    try {
      process.kill(-(/** @type {number} */ (child.pid)), signal)
    } catch {
      // already gone
    }
  }
  const stop = () => {
    if (!exit) kill('SIGTERM')
  }
  /** Stops the server and waits until it has exited; killed after `graceMs`. */
  const stopAndWait = async (graceMs = 5_000) => {
    if (exit) return
    const exited = new Promise((resolve) => child.once('exit', resolve))
    stop()
    const timer = setTimeout(() => kill('SIGKILL'), graceMs)
    await exited
    clearTimeout(timer)
  }
  running.add(stop)
  child.once('exit', () => running.delete(stop))
  stopAllOnSignal()
  return {
    pid: child.pid,
    get exit() {
      return exit
    },
    stop,
    stopAndWait,
  }
}

/** Whether something already listens on the port (it would be measured instead of this build). */
export function portInUse(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' })
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}

/**
 * Waits until `url` answers 200; answers null when ready, else why not (the server stopped, or the time
 * was up).
 * @param {{ server: ReturnType<typeof startBenchServer>, url: string, timeoutMs: number }} options
 */
export async function waitUntilReady({ server, url, timeoutMs }) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (server.exit) return `the server stopped (${server.exit})`
    if (Date.now() > deadline) return `the server did not become ready within ${timeoutMs / 1000} s`
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(30_000) })
      await response.arrayBuffer()
      if (response.status === 200) return null
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}

/**
 * Drops and creates the PostgreSQL database of `url` (its name must contain "bench": it is thrown away).
 * Answers null when done, else why not.
 */
export async function recreateDatabase(url) {
  const name = decodeURIComponent(new URL(url).pathname.slice(1))
  if (!/bench/i.test(name)) return `the database "${name}" is dropped, so its name must contain "bench"`
  const adminUrl = new URL(url)
  adminUrl.pathname = '/postgres'
  const admin = new pg.Client({ connectionString: adminUrl.href, connectionTimeoutMillis: 5_000 })
  try {
    await admin.connect()
    const quoted = `"${name.replace(/"/g, '""')}"`
    await admin.query(`drop database if exists ${quoted} with (force)`)
    await admin.query(`create database ${quoted}`)
    return null
  } catch (error) {
    return `PostgreSQL at ${adminUrl.host} is not usable: ${error instanceof Error ? error.message : error}`
  } finally {
    await admin.end().catch(() => {})
  }
}

/** Fixed secrets of one benchmark (64 hex characters each): sessions and tokens outlive a restart. */
export function benchSecrets(label) {
  const secret = (purpose) => createHash('sha256').update(`${label}:${purpose}`).digest('hex')
  return {
    SESSION_SECRET: secret('session'),
    API_TOKEN_SECRET: secret('api-token'),
    OPERATOR_API_KEY: secret('operator'),
    FIELD_ENCRYPTION_SECRET: secret('field-encryption'),
  }
}
