// @ts-check
import { timingSafeEqual } from 'node:crypto'
import client from 'prom-client'
import { COMMON_SECURITY_HEADERS } from './security-headers.mjs'

/**
 * The server's Prometheus metrics (prom-client), per process: every request's rate and latency per
 * route, the answers that refused for too many requests, Node's own (CPU, memory, event loop lag,
 * GC), and from the engine where it runs here the mail outbox's depth and age and the periodic jobs' lag
 * (asked at each scrape through globalThis, lib/shared/lifecycle.ts). GET /metrics answers them in the
 * text format to a scraper on this machine (loopback) or one that sends METRICS_TOKEN as a bearer
 * token; to anyone else the path does not exist (404).
 *
 * Routes are labelled by their shape, never by what is personal in them: the tenant as :tenant, every
 * segment that is not a plain word (numbers, codes, e-mail addresses, ids) as :id, no query; answers
 * 404 as `unmatched`, so random paths cannot grow the label set.
 */

/** @typedef {{ outboxDepth: number, outboxOldestAgeSeconds: number, jobLagSeconds: number | null }} EngineMetrics */

const ENGINE_METRICS = Symbol.for('referral-portal.engine-metrics')
/** A plain word of a route: letters, dots and dashes (…/smartphones.html, …/resetPassword). */
const WORD = /^[A-Za-z][A-Za-z.-]{0,39}$/
const MAX_SEGMENTS = 6
/** The server's own paths outside the tenants (next.config.mjs, server.mjs): labelled by their name only. */
const OWN_PATHS = new Set([
  'healthz',
  'readyz',
  'metrics',
  'status',
  'assets',
  'dev',
  'favicon.ico',
  'icon.svg',
  'embed.js',
])

/**
 * The label of a path: /_next/static/chunks/x.js → /_next/static, /demo/empfehlung/20QH → /:tenant/empfehlung/:id,
 * /api/v1/demo/account/resetPassword/anna@example.org → /api/v1/:tenant/account/resetPassword/:id.
 * @param {string} url
 */
export function routeLabel(url) {
  const path = url.split('?')[0] ?? ''
  const segments = path.split('/').filter(Boolean)
  if (segments[0] === '_next') return `/_next/${WORD.test(segments[1] ?? '') ? segments[1] : ':id'}`
  if (OWN_PATHS.has(segments[0] ?? '')) return `/${segments[0]}`
  const api = segments[0] === 'api'
  // The segments before the tenant: /api/v1/… and the portal's own /api/<route>/….
  const fixed = api ? 2 : 0
  const parts = segments.slice(0, MAX_SEGMENTS).map((segment, index) => {
    if (index < fixed) return WORD.test(segment) || /^v\d$/.test(segment) ? segment : ':id'
    // The server's calls to itself (/api/internal/…) name no tenant.
    if (segments[1] === 'internal') return WORD.test(segment) ? segment : ':id'
    const tenantAt = segments[fixed] === 'mandant' ? fixed + 1 : fixed
    if (index === tenantAt) return ':tenant'
    return WORD.test(segment) ? segment : ':id'
  })
  return `/${parts.join('/')}${segments.length > MAX_SEGMENTS ? '/…' : ''}`
}

/** @typedef {{ method: string, route: string, status: number, seconds: number }} Answered */

/**
 * @param {{
 *   token?: string,
 *   engine?: () => (() => Promise<EngineMetrics>) | undefined,
 *   answered?: (answer: Answered, res: import('node:http').ServerResponse) => void,
 * }} [options] `answered`: told of every answer once it is out, with what was measured (server.mjs logs
 *   the slow and failed ones from it)
 */
export function createMetrics(options = {}) {
  const token = options.token ?? process.env.METRICS_TOKEN ?? ''
  const offered =
    options.engine ??
    (() =>
      /** @type {Record<symbol, (() => Promise<EngineMetrics>) | undefined>} */ (
        /** @type {unknown} */ (globalThis)
      )[ENGINE_METRICS])
  const registry = new client.Registry()
  client.collectDefaultMetrics({ register: registry })
  const requests = new client.Counter({
    name: 'http_requests_total',
    help: 'Requests answered, by method, route and status.',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  })
  const duration = new client.Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request to the end of its answer, by method and route.',
    labelNames: ['method', 'route'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.15, 0.3, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  })
  const refusals = new client.Counter({
    name: 'rate_limit_refusals_total',
    help: 'Answers 429 (too many requests), by route.',
    labelNames: ['route'],
    registers: [registry],
  })
  /** @type {Promise<EngineMetrics | null> | null} one engine question per scrape, shared by the gauges */
  let asking = null
  const engine = () => {
    const collect = offered()
    if (!collect) return Promise.resolve(null)
    asking ??= collect()
      .catch(() => null)
      .finally(() => setTimeout(() => (asking = null), 0))
    return asking
  }
  /**
   * @param {string} name
   * @param {string} help
   * @param {(m: EngineMetrics) => number | null} value
   */
  const gauge = (name, help, value) =>
    new client.Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        const metrics = await engine()
        this.set(metrics ? (value(metrics) ?? 0) : 0)
      },
    })
  gauge('mail_outbox_depth', 'Mails waiting in the outbox (pending, not yet sent).', (m) => m.outboxDepth)
  gauge(
    'mail_outbox_oldest_age_seconds',
    'Age of the oldest mail waiting in the outbox (0 when none waits).',
    (m) => m.outboxOldestAgeSeconds,
  )
  gauge(
    'job_lag_seconds',
    'Seconds since the periodic jobs last finished a run (0 until a first run is recorded).',
    (m) => m.jobLagSeconds,
  )

  /**
   * Counts a request when its answer is out. Install before Next writes (server.mjs).
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   */
  function observe(req, res) {
    const start = process.hrtime.bigint()
    res.once('finish', () => {
      const status = res.statusCode
      const route = status === 404 ? 'unmatched' : routeLabel(req.url ?? '/')
      const method = req.method ?? 'GET'
      const seconds = Number(process.hrtime.bigint() - start) / 1e9
      requests.inc({ method, route, status: String(status) })
      duration.observe({ method, route }, seconds)
      if (status === 429) refusals.inc({ route })
      options.answered?.({ method, route, status, seconds }, res)
    })
  }

  /**
   * The edge step of GET /metrics.
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   * @returns {Promise<boolean>}
   */
  async function step(req, res) {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') return false
    if (!allowed(req, token)) return false
    const body = await registry.metrics()
    res.writeHead(
      200,
      Object.fromEntries([
        ...COMMON_SECURITY_HEADERS.map(({ key, value }) => [key, value]),
        ['Cache-Control', 'no-store'],
        ['Content-Type', registry.contentType],
        ['Content-Length', String(Buffer.byteLength(body))],
      ]),
    )
    res.end(body)
    return true
  }

  return { observe, step, registry }
}

/**
 * A scraper on this machine, or one with the bearer token METRICS_TOKEN names. The client's address is
 * the one the client-address step found (X-Forwarded-For after it: behind a trusted proxy, the client
 * beyond it), so a proxy on this machine does not make every client a local one.
 * @param {import('node:http').IncomingMessage} req
 * @param {string} token
 */
function allowed(req, token) {
  const forwarded = req.headers['x-forwarded-for']
  const peer = typeof forwarded === 'string' ? forwarded.trim() : (req.socket.remoteAddress ?? '')
  if (peer === '127.0.0.1' || peer === '::1' || peer === '::ffff:127.0.0.1') return true
  const sent = /^Bearer (.+)$/.exec(String(req.headers.authorization ?? ''))?.[1] ?? ''
  if (!token || !sent) return false
  const a = Buffer.from(sent)
  const b = Buffer.from(token)
  return a.length === b.length && timingSafeEqual(a, b)
}
