// @ts-check
import { PROFILE_KEY, newProfile } from '../shared/profile-holder.mjs'

/**
 * Edge step of the bench's profiling mode (`npm run bench -- profile`), on only where the server was
 * started with BENCH_PROFILE=1 (never by default, never in a build). It puts the process's counters on
 * globalThis, where the database connection (SQL statements) and the main-API client (calls) add to
 * them, times every request it passes on (pages and main-API requests apart), and answers
 * `GET /__profile` with the counters so far. The bench asks one page at a time on one connection and
 * reads the difference, so each figure belongs to that page.
 */

/** @typedef {import('node:http').IncomingMessage} IncomingMessage */
/** @typedef {import('node:http').ServerResponse} ServerResponse */

/** @returns {((req: IncomingMessage, res: ServerResponse) => Promise<boolean>) | null} */
export function profileStep(enabled = process.env.BENCH_PROFILE === '1') {
  if (!enabled) return null
  const holder = /** @type {Record<symbol, ReturnType<typeof newProfile>>} */ (
    /** @type {unknown} */ (globalThis)
  )
  const profile = (holder[PROFILE_KEY] ??= newProfile())
  return async (req, res) => {
    if (req.url === '/__profile') {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' })
      res.end(JSON.stringify(profile))
      return true
    }
    const started = performance.now()
    const kind = req.url?.startsWith('/api/') ? 'apiRequests' : 'pageRequests'
    res.once('finish', () => {
      profile[kind].count++
      profile[kind].ms += performance.now() - started
    })
    return false
  }
}
