// @ts-check
import { COMMON_SECURITY_HEADERS, FRAMING_HEADERS_SELF } from './security-headers.mjs'

/**
 * Edge step: the server's health for load balancers and orchestrators, answered before anything else
 * reads the request (no tenant, no session, no Next):
 * - GET /healthz: 200 while the process runs and its event loop answers (liveness).
 * - GET /readyz: 200 when the server can serve: the check the app offered on globalThis
 *   (lib/shared/lifecycle.ts: with the built-in engine the database answers and holds this build's
 *   migrations; with MAIN_API_URL the main API answers). 503 while the app has not offered it yet
 *   (starting), when the check fails, and from the moment the server was asked to stop (so a load
 *   balancer sends nothing new while the last requests finish).
 * Both answer JSON, never stored: {"status":"ok"} and {"ready":…,"checks":{…}}.
 */

/** @typedef {{ ready: boolean, checks: Record<string, string> }} Readiness */

const READINESS = Symbol.for('referral-portal.readiness')

/**
 * @param {{ stopping?: () => boolean, readiness?: () => (() => Promise<Readiness>) | undefined }} [options]
 * @returns {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => Promise<boolean>}
 */
export function healthStep(options = {}) {
  const stopping = options.stopping ?? (() => false)
  const offered =
    options.readiness ??
    (() =>
      /** @type {Record<symbol, (() => Promise<Readiness>) | undefined>} */ (
        /** @type {unknown} */ (globalThis)
      )[READINESS])
  return async function step(req, res) {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false
    const url = req.url ?? ''
    const path = url.includes('?') ? url.slice(0, url.indexOf('?')) : url
    if (path === '/healthz') return answer(req, res, 200, { status: 'ok' })
    if (path !== '/readyz') return false
    /** @type {Readiness} */
    let state
    const check = offered()
    if (stopping()) state = { ready: false, checks: { server: 'stopping' } }
    else if (!check) state = { ready: false, checks: { server: 'starting' } }
    else state = await check().catch(() => ({ ready: false, checks: { server: 'check failed' } }))
    return answer(req, res, state.ready ? 200 : 503, state)
  }
}

/**
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {number} status
 * @param {unknown} body
 */
function answer(req, res, status, body) {
  const text = JSON.stringify(body)
  res.writeHead(
    status,
    Object.fromEntries([
      ...[...COMMON_SECURITY_HEADERS, ...FRAMING_HEADERS_SELF].map(({ key, value }) => [key, value]),
      ['Cache-Control', 'no-store'],
      ['Content-Type', 'application/json; charset=utf-8'],
      ['Content-Length', String(Buffer.byteLength(text))],
    ]),
  )
  res.end(req.method === 'HEAD' ? undefined : text)
  return true
}
