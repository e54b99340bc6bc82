// @ts-check
import { writeAnswer } from './edge-write.mjs'
import { sealOf, sessionCookie } from './forced-login.mjs'

/**
 * Edge step: the personal area's data read (GET /api/dashboard/{tenant}, every view of the personal
 * area asks it) answered straight from here, without Next's route handling, through the portal's own
 * function where it offered one on globalThis (lib/shared/edge-dashboard.ts: the route's data read,
 * lib/portal/dashboard.ts). The seal comes from the Cookie header as Next's cookie reader decodes it;
 * the answer is the route's: its JSON or a 404, `Cache-Control: private, no-store`, the cookie dropped
 * where the main API ended the session, and the security headers Next adds.
 *
 * Only the plain address: with a query (widget mode's framing is set by Next's proxy), another method
 * (Next answers HEAD and OPTIONS of a route), two session cookies (which Next reads its own way) or a
 * segment that does not decode, Next's route answers. Without the offered function the step does nothing.
 */

/** @typedef {import('node:http').IncomingMessage} IncomingMessage */
/** @typedef {import('node:http').ServerResponse} ServerResponse */
/** @typedef {import('../shared/edge-dashboard').EdgeDashboard} EdgeDashboard */

const KEY = Symbol.for('referral-portal.edge-dashboard')
const PATH = /^\/api\/dashboard\/([^/?#]+)$/

/**
 * @param {{ read?: () => EdgeDashboard | undefined }} [options] where the data read comes from (tests)
 * @returns {(req: IncomingMessage, res: ServerResponse) => Promise<boolean>}
 */
export function dashboardEdgeStep(options = {}) {
  const offered =
    options.read ??
    (() =>
      /** @type {Record<symbol, EdgeDashboard | undefined>} */ (/** @type {unknown} */ (globalThis))[KEY])
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
    const seal = sealOf(req.headers.cookie)
    if (seal === null && sessionCookie(req.headers.cookie)) return false
    const answer = await read(segment, seal ?? undefined)
    /** @type {[string, string][]} */
    const headers = [['Cache-Control', 'private, no-store']]
    if (answer.json !== null) headers.push(['Content-Type', 'application/json'])
    if (answer.setCookie) headers.push(['Set-Cookie', answer.setCookie])
    await writeAnswer(req, res, {
      status: answer.status,
      headers,
      body: Buffer.from(answer.json ?? '', 'utf8'),
    })
    return true
  }
}
