// The server a benchmark measures: its own process group (so its children go with it), its output in a
// log file, stopped when the benchmark ends or is interrupted. Shared by npm run bench's scenarios.
import { spawn } from 'node:child_process'
import { createWriteStream } from 'node:fs'

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
