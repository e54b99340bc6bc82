// @ts-check
import { writeAnswer } from './edge-write.mjs'
import { SESSION_COOKIE } from './forced-login.mjs'

/**
 * Edge step: the personal area's data read (GET /api/dashboard/{tenant}, every view of the personal
 * area asks it) answered straight from here, without Next's route handling, through the portal's own
 * answer where it offered it on globalThis (lib/shared/edge-dashboard.ts: dashboardAnswer in
 * lib/portal/dashboard.ts, with which the route answers too). The session cookie's value is read from
 * the Cookie header as Next's cookie reader reads it (cookieValue); the answer is written with its own
 * headers and those Next adds (edge-write.mjs).
 *
 * Only the plain address: with a query (widget mode's framing is set by Next's proxy), another method
 * (Next answers HEAD and OPTIONS of a route) or a segment that does not decode, Next's route answers.
 * Without the offered function the step does nothing.
 */

/** @typedef {import('node:http').IncomingMessage} IncomingMessage */
/** @typedef {import('node:http').ServerResponse} ServerResponse */
/** @typedef {import('../shared/edge-dashboard').DashboardRead} DashboardRead */

const KEY = Symbol.for('referral-portal.edge-dashboard')
const PATH = /^\/api\/dashboard\/([^/?#]+)$/

/**
 * @param {{ read?: () => DashboardRead | undefined }} [options] where the data read comes from (tests)
 * @returns {(req: IncomingMessage, res: ServerResponse) => Promise<boolean>}
 */
export function dashboardEdgeStep(options = {}) {
  const offered =
    options.read ??
    (() =>
      /** @type {Record<symbol, DashboardRead | undefined>} */ (/** @type {unknown} */ (globalThis))[KEY])
  return async function step(req, res) {
    if (req.method !== 'GET') return false
    const match = PATH.exec(req.url ?? '')
    if (!match) return false
    const read = offered()
    if (!read) return false
    let segment
    try {
      segment = decodeURIComponent(/** @type {string} */ (match[1]))
    } catch {
      return false
    }
    const answer = await read(segment, cookieValue(req.headers.cookie, SESSION_COOKIE))
    await writeAnswer(req, res, {
      status: answer.status,
      headers: answer.headers,
      body: Buffer.from(answer.body ?? '', 'utf8'),
    })
    return true
  }
}

/**
 * A cookie's value in a Cookie header as Next's request cookies read it (cookies().get(name)?.value):
 * pairs split at "; ", the name exactly as written, a pair without "=" worth "true", the value
 * URI-decoded (a pair that does not decode is passed over), the last pair of the name winning.
 * @param {string | undefined} header
 * @param {string} name
 * @returns {string | undefined}
 */
export function cookieValue(header, name) {
  /** @type {string | undefined} */
  let value
  for (const pair of (header ?? '').split(/; */)) {
    const at = pair.indexOf('=')
    if (at === -1) {
      if (pair === name) value = 'true'
    } else if (pair.slice(0, at) === name) {
      try {
        value = decodeURIComponent(pair.slice(at + 1))
      } catch {
        // passed over, as Next passes it over
      }
    }
  }
  return value
}
