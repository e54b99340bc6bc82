// What npm run bench's scenarios share: reading their settings, the build they measure, and the server
// (its own process group, so its children go with it; its output in a log file; stopped when the
// benchmark ends or is interrupted).
import { spawn, spawnSync } from 'node:child_process'
import { createWriteStream, existsSync } from 'node:fs'
import path from 'node:path'
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

/**
 * @param {{ args: string[], env: NodeJS.ProcessEnv, logPath: string }} options node's arguments
 * @returns {{ readonly exit: string | null, stop: () => void, stopAndWait: () => Promise<void> }}
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
  const stopAndWait = async () => {
    if (exit) return
    const exited = new Promise((resolve) => child.once('exit', resolve))
    stop()
    const timer = setTimeout(() => kill('SIGKILL'), 5_000)
    await exited
    clearTimeout(timer)
  }
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      stop()
      process.exit(130)
    })
  }
  return {
    get exit() {
      return exit
    },
    stop,
    stopAndWait,
  }
}
