// @ts-check
/**
 * The production server (`npm start`): Next's request handler behind a short list of edge steps.
 * Every request first passes the STEPS in order; a step that answers the request itself (a refusal with
 * the security headers) ends it there, before Next reads a byte of it. Then the WRAPPERS patch the
 * response, and Next handles the request. Each step and wrapper is a module of lib/edge/ with its own
 * unit tests; adding one is one import and one list entry here.
 *
 *   node server.mjs [-p|--port PORT] [-H|--hostname HOST]   (defaults: $PORT or 3000, $HOSTNAME or all)
 *
 * NEXT_DIST_DIR selects the build (next.config.mjs), as for `next start`.
 */
import { existsSync, readFileSync } from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import nextEnv from '@next/env'
import next from 'next'

import { awaitingContinue, failSafe, letBodyCome, refuseClientError } from './lib/edge/respond.mjs'
import { step as requestShape } from './lib/edge/request-shape.mjs'
import { step as clientAddress, trustedProxyHops } from './lib/edge/client-address.mjs'
import { step as bodyLimit } from './lib/edge/body-limit.mjs'
import { step as actionOrigin } from './lib/edge/action-origin.mjs'
import { freshLoginCheck, step as forcedLogin } from './lib/edge/forced-login.mjs'
import { cspHashes } from './lib/edge/csp.mjs'
import { actionDecoding } from './lib/edge/action-decoding.mjs'
import { inActionScope } from './lib/edge/action-scope.mjs'
import { profileStep } from './lib/edge/profile.mjs'
import { anonymousPageCache, clearOnTenantChange } from './lib/edge/anonymous-cache.mjs'
import { mainApiProxyStep } from './lib/edge/main-api-proxy.mjs'
import { mainApiEdgeStep } from './lib/edge/main-api-edge.mjs'
import { dashboardEdgeStep } from './lib/edge/dashboard-edge.mjs'
import { healthStep } from './lib/edge/health.mjs'
import { createLogger, requestIdOf, requestScope } from './lib/edge/logger.mjs'
import { createMetrics } from './lib/edge/metrics.mjs'
import { startDemoIdp } from './scripts/demo-idp-process.mjs'

/** @typedef {(req: http.IncomingMessage, res: http.ServerResponse) => Promise<boolean>} Step */
/** @typedef {(req: http.IncomingMessage, res: http.ServerResponse) => void} Wrapper */

/**
 * The recommend form (for everyone), the friend's landing and data form (to visitors without cookies), my
 * data (to a login checked right then) and a tenant's public pages (the copy Next keeps, for everyone),
 * answered for seconds from memory.
 */
const anonymousPages = anonymousPageCache({ loggedIn: freshLoginCheck() })
clearOnTenantChange(anonymousPages)

/** Set when the server was asked to stop: /readyz answers 503 while the last requests finish. */
let stopping = false
const logger = createLogger()
/**
 * Request rate and latency per route, the engine's outbox and jobs: GET /metrics (lib/edge/metrics.mjs).
 * The same measurement logs an answer slower than SLOW_MS or a server error, with the request's id.
 */
const metrics = createMetrics({
  answered({ method, route, status, seconds }, res) {
    const ms = Math.round(seconds * 1000)
    // A red readiness check is an answer, not a failure (the database's own lines say why).
    if ((ms < SLOW_MS && status < 500) || route === '/readyz') return
    const line = { requestId: res.getHeader('x-request-id'), method, route, status, ms }
    if (status >= 500) logger.error(line, 'request failed')
    else logger.warn(line, 'slow request')
  },
})
/** Where the app finds this server's own address (lib/shared/internal-call.ts). */
const OWN_ORIGIN = Symbol.for('referral-portal.own-origin')
/** Answers slower than this are logged (with the request's id), as are server errors. */
const SLOW_MS = 1000

/**
 * @type {Step[]} In this order: refuse malformed requests, answer the health checks, fix the client
 * address, answer the metrics scraper, then size and origin;
 * the main API answered by the engine's handlers where it runs here (with MAIN_API_URL instead:
 * the main API's paths passed on to it); the personal area's data read; then pages of tenants that
 * force login only with a login; then the kept anonymous pages.
 */
const STEPS = [
  requestShape,
  healthStep({ stopping: () => stopping }),
  clientAddress,
  metrics.step,
  bodyLimit,
  actionOrigin,
  mainApiEdgeStep(),
  dashboardEdgeStep(),
  forcedLogin,
  anonymousPages.step,
]
// The bench's profiling mode (BENCH_PROFILE=1 only): counts and times every request, answers /__profile.
const profile = profileStep()
if (profile) STEPS.unshift(profile)

/**
 * @type {Wrapper[]} The last one sees Next's writes first: a server action that Next could not decode
 * is answered 400 before the CSP wrapper holds anything; the anonymous-page store sees the bytes last,
 * as they are sent.
 */
const WRAPPERS = [anonymousPages.wrap, cspHashes, actionDecoding]

const dir = path.dirname(fileURLToPath(import.meta.url))
process.chdir(dir)
// In the container image (scripts/assemble-image.mjs) there is no next.config.mjs and no build tooling:
// Next takes the configuration the build wrote, as its own standalone server does.
if (!existsSync(path.join(dir, 'next.config.mjs'))) {
  const built = path.join(dir, process.env.NEXT_DIST_DIR || '.next', 'required-server-files.json')
  process.env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify(
    JSON.parse(readFileSync(built, 'utf8')).config,
  )
}
// Like `next start`: .env files, then the edge's own settings are checked before the first request.
nextEnv.loadEnvConfig(dir, false)
trustedProxyHops()

const args = process.argv.slice(2)
/** @param {string[]} names */
function option(names) {
  const index = args.findIndex((arg) => names.includes(arg))
  return index >= 0 ? args[index + 1] : undefined
}
const port = Number(option(['-p', '--port']) ?? process.env.PORT ?? 3000)
const hostname = option(['-H', '--hostname']) ?? process.env.HOSTNAME ?? undefined
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`server.mjs: the port must be a number from 0 to 65535, got "${port}"`)
  process.exit(1)
}

// The app builds absolute links (mails, share texts, QR codes) from PORT when PUBLIC_BASE_URL names no
// address: it must be the port this server really listens on, also when it came from -p.
process.env.PORT = String(port)

// With an external main API (MAIN_API_URL), its paths on this address are passed on to it, after the
// client's address is known and before the page steps.
try {
  const proxy = mainApiProxyStep(process.env.MAIN_API_URL || undefined, port)
  if (proxy) STEPS.splice(STEPS.indexOf(forcedLogin), 0, proxy)
} catch (error) {
  console.error(`server.mjs: ${error instanceof Error ? error.message : error}`)
  process.exit(1)
}

// Only where a command asks for it (DEMO_IDP_PORT): the local OpenID provider of the demo and the tests.
await startDemoIdp(port)

// Next fetches a server action's redirect target from its own origin: a name it can reach.
const ownHost = !hostname || hostname === '0.0.0.0' || hostname === '::' ? 'localhost' : hostname
const app = next({ dev: false, dir, hostname: ownHost, port })
await app.prepare()
const handleNext = app.getRequestHandler()

/**
 * @param {http.IncomingMessage} req
 * @param {http.ServerResponse} res
 * @param {boolean} expectsContinue the client waits for "100 Continue" before it sends the body
 */
async function handle(req, res, expectsContinue) {
  // Each request in a scope of its own holding its id: every log line written for it carries the id,
  // and so does the answer (lib/edge/logger.mjs).
  const id = requestIdOf(req.headers, trustedProxyHops() > 0)
  res.setHeader('X-Request-Id', id)
  // "100 Continue" goes out when a step or Next first reads the body, never for a refused one.
  if (expectsContinue) awaitingContinue.add(req)
  metrics.observe(req, res)
  await requestScope.run({ id }, () => handleInScope(req, res))
}

/**
 * @param {http.IncomingMessage} req
 * @param {http.ServerResponse} res
 */
async function handleInScope(req, res) {
  try {
    for (const step of STEPS) {
      if (await step(req, res)) return
    }
    // In a scope of its own, which a server action marks when its code starts (action-decoding.mjs).
    await inActionScope(async () => {
      for (const wrap of WRAPPERS) wrap(req, res)
      letBodyCome(req, res)
      await handleNext(req, res)
    })
  } catch (error) {
    failSafe(req, res, error)
  }
}

// Host is checked by the request-shape step, so a request without one also gets the security headers.
const server = http.createServer({ requireHostHeader: false }, (req, res) => void handle(req, res, false))
// Idle kept connections stay open longer than the clients and load balancers in front keep them (Node's
// 5 s would close one just as a client reuses it, which the client sees as a reset); headers must come
// within the same time.
server.keepAliveTimeout = 65_000
server.headersTimeout = 66_000
// Without this listener Node sends "100 Continue" at once; with it a refused body is never sent at all.
server.on('checkContinue', (req, res) => void handle(req, res, true))
// Requests Node's parser refuses (bad header bytes, too long headers, broken chunks) get a 4xx with the
// security headers, not Node's bare answer.
server.on('clientError', refuseClientError)

server.listen(port, hostname, () => {
  const address = server.address()
  // Where the app's own calls to this server go (lib/shared/internal-call.ts): loopback where the server
  // listens on every address, else the one address it listens on.
  if (typeof address === 'object' && address) {
    const any = address.address === '::' || address.address === '0.0.0.0'
    const host = address.family === 'IPv6' ? `[${address.address}]` : address.address
    const holder = /** @type {Record<symbol, string>} */ (/** @type {unknown} */ (globalThis))
    holder[OWN_ORIGIN] = `http://${any ? '127.0.0.1' : host}:${address.port}`
  }
  const shown = typeof address === 'object' && address ? address.port : port
  console.log(`▲ Ready on http://${hostname ?? 'localhost'}:${shown}`)
})

/** How long the requests under way may take after a stop signal before their connections are cut. */
const GRACE_MS = Number(process.env.SHUTDOWN_GRACE_SECONDS || 20) * 1000
const SHUTDOWN = Symbol.for('referral-portal.shutdown')

/**
 * A graceful stop (SIGTERM from an orchestrator, Ctrl-C): /readyz turns red, no new connection is
 * accepted, idle keep-alive connections close, the requests under way are answered (at most GRACE_MS),
 * then the app's own shutdown runs (lib/shared/lifecycle.ts: jobs and mail worker finish their run, the
 * database connection closes) and the process exits. A second signal exits at once.
 * @param {string} signal
 */
async function stop(signal) {
  if (stopping) process.exit(1)
  stopping = true
  console.log(`server.mjs: ${signal}, answering the requests under way, then stopping`)
  const closed = new Promise((resolve) => server.close(() => resolve(undefined)))
  // A connection becomes idle when its answer is out: closed then, so nothing waits for keep-alive.
  const idle = setInterval(() => server.closeIdleConnections(), 100)
  server.closeIdleConnections()
  const cut = setTimeout(() => server.closeAllConnections(), GRACE_MS)
  await closed
  clearInterval(idle)
  clearTimeout(cut)
  const shutdown = /** @type {Record<symbol, (() => Promise<void>) | undefined>} */ (
    /** @type {unknown} */ (globalThis)
  )[SHUTDOWN]
  try {
    await shutdown?.()
  } catch (error) {
    console.error('server.mjs: shutdown', error)
  }
  process.exit(0)
}

for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.on(signal, () => void stop(signal))
}
