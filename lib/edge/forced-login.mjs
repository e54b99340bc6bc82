// @ts-check
import { isValidTenantSlug, TENANT_SLUG } from '../shared/tenants/slug-rule.mjs'
import { COMMON_SECURITY_HEADERS, FRAMING_HEADERS_SELF } from './security-headers.mjs'
import { createLogger, loggableError } from './logger.mjs'
import { tenantChangeListeners } from './tenant-change-listeners.mjs'
import { refuse } from './respond.mjs'

/**
 * Edge step: SPEC §2.4 ModuleErzwingeLogin on the server. A closed portal's catalogue, rewards and texts
 * are for its logged-in users, also when a client is no browser: every page of such a tenant that is off
 * the whitelist (home, category pages, recommend, …) is answered only with a valid login; without one the
 * answer is the redirect to login with the `redirect` parameter, exactly as the browser's guard and
 * lib/portal/proxy/login-guard.ts write it. Open tenants' pages pass at the cost of one map lookup, so their
 * cached pages keep their speed (no proxy over all pages).
 *
 * What it needs to know it asks this server once in a while, so the knowledge stays in one place:
 * - which tenants force login and which route paths that closes: GET /api/login-policy/{tenant} (the
 *   tenant's public configuration, read fresh from the main API, and the route table), kept
 *   POLICY_TTL_MS per tenant; after that the old answer serves while a new one is fetched. A change of
 *   the tenant announced in this process (made here, or told by the change bus of the servers sharing
 *   the database) drops the kept policy at once.
 * - whether the request's session cookie (psoe_token) is a login of that tenant that the main API
 *   accepts at this moment, asked for every request and kept nowhere (loginOf: the portal's check in
 *   process, else GET /api/session/{tenant}), so a logout on another server, a lock or a password change
 *   count at once.
 *
 * A page of a closed tenant that is answered goes out with `Cache-Control: private, no-store`, so no
 * shared cache in front keeps a logged-in user's copy for others. Every method is guarded, since Next
 * renders a page for a POST too (a form sent without JavaScript, or any client): without a login a GET or
 * HEAD is redirected (307), a server action's fetch is told to navigate to login (Next's
 * `x-action-redirect`), anything else gets 303 to login. Paths are matched as Next routes them:
 * regardless of letter case (the rewrites of next.config.mjs ignore it); paths with dot segments never
 * get here (lib/edge/request-shape.mjs refuses them).
 */

/** @typedef {import('node:http').IncomingMessage} IncomingMessage */
/** @typedef {import('node:http').ServerResponse} ServerResponse */
/** @typedef {{ tenant: string, prefix: string, routePath: string }} TenantPage */
/** @typedef {{ forced: boolean, autologin: boolean, closed: RegExp[] }} Policy */
/**
 * @typedef {{
 *   fetch?: typeof fetch,
 *   now?: () => number,
 *   tenantHosts?: string,
 *   check?: () => ((tenant: string, seal: string) => Promise<boolean>) | undefined,
 * }} Options
 */

/** How long a tenant's policy is used before it is asked again (the old one serves meanwhile). */
export const POLICY_TTL_MS = 30_000
/** Policies kept at most (unknown slugs cannot fill the memory). */
const MAX_ENTRIES = 10_000
/** Where the step says that a policy could not be read (one JSON line, no personal data). */
const logger = createLogger()
/** How long the step waits for this server's own answer. */
const TIMEOUT_MS = 10_000

/** The session cookie's name (lib/portal/session-cookie.ts, SPEC §9). */
export const SESSION_COOKIE = 'psoe_token'
/** First path segments that are never a tenant's page (next.config.mjs: RESERVED, HOST_FIRST; the dev tools). */
const NOT_PAGES = new Set(['api', '_next', 'assets', 'status', 'dev', 'icon.svg', 'embed.js', 'favicon.ico'])

const OPEN = /** @type {Policy} */ ({ forced: false, autologin: false, closed: [] })

/**
 * TENANT_HOSTS ("host=tenant,…") as next.config.mjs reads it for its rewrites (lib/shared/env.ts checks it).
 * @param {string | undefined} value
 * @returns {Map<string, string>}
 */
export function parseTenantHosts(value) {
  const map = new Map()
  for (const pair of (value ?? '').split(',')) {
    const [host, tenant] = pair.split('=').map((part) => part.trim())
    if (host && tenant && TENANT_SLUG.test(tenant)) map.set(host.toLowerCase(), tenant)
  }
  return map
}

/**
 * The host names a request is addressed to: Host, and X-Forwarded-Host where the client-address step
 * kept it (the server's own requests), which the host rewrites of next.config.mjs read as well.
 * @param {import('node:http').IncomingHttpHeaders} headers
 * @returns {string[]}
 */
export function hostNames(headers) {
  const forwarded = headers['x-forwarded-host']
  const values = [headers.host ?? '', ...String(forwarded ?? '').split(',')]
  return values
    .map((value) => value.trim().toLowerCase())
    .filter(Boolean)
    .map((value) =>
      value.startsWith('[') ? value.slice(0, value.indexOf(']') + 1) : (value.split(':')[0] ?? ''),
    )
}

/**
 * The tenant pages a path names as Next routes it (next.config.mjs): /{tenant}[/en]/…, the internal
 * segments /{tenant}~en/… and /h~{tenant}[~en]/…, and [/en]/… on a mapped host. More than one only when
 * Host and X-Forwarded-Host map to different tenants (then each is checked). Empty: no tenant page.
 * @param {string} pathname the path of the request, without query
 * @param {string[]} hosts the request's host names
 * @param {Map<string, string>} mapping TENANT_HOSTS
 * @returns {TenantPage[]}
 */
export function tenantPages(pathname, hosts, mapping) {
  /** @type {string[]} */
  const segments = []
  for (const raw of pathname.split('/')) {
    if (!raw) continue
    try {
      segments.push(decodeURIComponent(raw))
    } catch {
      return []
    }
  }
  // Tenant, language and internal segments in lower case: a closed tenant's page asked in other letters
  // is guarded too (the route path keeps its letters, for the way back after login).
  const first = (segments[0] ?? '').toLowerCase()
  if (NOT_PAGES.has(first)) return []
  /** @type {(tenant: string, prefix: string, rest: string[]) => TenantPage} */
  const page = (tenant, prefix, rest) => ({ tenant, prefix, routePath: `/${rest.join('/')}` })
  const internal = /^h~([a-z][a-z0-9-]{1,39})(~en)?$/.exec(first)
  // Host-mapped pages link without a prefix (lib/routes/href.ts), like the browser's guard.
  if (internal) return [page(internal[1] ?? '', internal[2] ? '/en' : '', segments.slice(1))]
  const english = /^([a-z][a-z0-9-]{1,39})~en$/.exec(first)
  if (english) return [page(english[1] ?? '', `/${english[1]}/en`, segments.slice(1))]
  const mapped = [...new Set(hosts.map((host) => mapping.get(host)).filter((t) => t !== undefined))]
  if (mapped.length > 0) {
    if (first === 'de' || first.startsWith('h~')) return []
    const en = first === 'en'
    return mapped.map((tenant) => page(tenant, en ? '/en' : '', segments.slice(en ? 1 : 0)))
  }
  if (!isValidTenantSlug(first)) return []
  const en = segments[1]?.toLowerCase() === 'en'
  return [page(first, `/${first}${en ? '/en' : ''}`, segments.slice(en ? 2 : 1))]
}

/**
 * A route path pattern of the route table ("/empfehlen/{produktId}", "/smartphones.html") as the
 * table matches it (lib/routes/table.ts): parameters are one segment, a trailing slash is allowed, and
 * letter case does not count (as in the rewrites of next.config.mjs).
 * @param {string} path
 * @returns {RegExp}
 */
export function routePattern(path) {
  if (path === '/') return /^\/?$/i
  const body = path
    .split('/')
    .map((segment) => (/^\{\w+\}$/.test(segment) ? '[^/]+' : segment.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&')))
    .join('/')
  return new RegExp(`^${body}/?$`, 'i')
}

/**
 * The login address for a closed page, as lib/portal/proxy/login-guard.ts and the browser's guard write it:
 * `{prefix}/login?redirect={"path":…,"params":{…}}` with the page's query (without widget, redirect and
 * Next's internal _rsc), and the widget parameter carried on its own.
 * @param {TenantPage} page
 * @param {URLSearchParams} search
 */
export function loginLocation(page, search) {
  const params = Object.fromEntries(
    [...search].filter(([key]) => key !== 'widget' && key !== 'redirect' && key !== '_rsc'),
  )
  const query = new URLSearchParams()
  query.set('redirect', JSON.stringify({ path: page.routePath, params }))
  const widget = search.get('widget')
  if (widget !== null) query.set('widget', widget)
  return `${page.prefix}/login?${query}`
}

/**
 * The session cookies of a Cookie header, as they are passed on to the session check ('' when none).
 * @param {string | undefined} header
 */
export function sessionCookie(header) {
  return (header ?? '')
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part.startsWith(`${SESSION_COOKIE}=`) && part.length > SESSION_COOKIE.length + 1)
    .join('; ')
}

/** This server as the request reached it, for its own calls (the address and port it was accepted on). */
function ownOrigin(/** @type {import('node:net').Socket} */ socket) {
  let address = socket.localAddress ?? '127.0.0.1'
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  if (mapped) address = mapped[1] ?? address
  return `http://${address.includes(':') ? `[${address}]` : address}:${socket.localPort}`
}

/**
 * Keeps a closed tenant's page out of shared caches: whatever Cache-Control Next chose (cached pages say
 * s-maxage), the head goes out with `private, no-store`.
 * @param {ServerResponse} res
 */
function keepPrivate(res) {
  const writeHead = res.writeHead
  /** @param {number} statusCode @param {...unknown} rest */
  res.writeHead = function privateHead(statusCode, ...rest) {
    const args = rest.map((arg) => {
      if (Array.isArray(arg)) {
        if (arg.length > 0 && Array.isArray(arg[0]))
          return arg.filter(([name]) => !/^cache-control$/i.test(String(name)))
        /** @type {unknown[]} */
        const flat = []
        for (let i = 0; i + 1 < arg.length; i += 2) {
          if (!/^cache-control$/i.test(String(arg[i]))) flat.push(arg[i], arg[i + 1])
        }
        return flat
      }
      if (arg && typeof arg === 'object') {
        return Object.fromEntries(Object.entries(arg).filter(([name]) => !/^cache-control$/i.test(name)))
      }
      return arg
    })
    this.setHeader('Cache-Control', 'private, no-store')
    return /** @type {any} */ (writeHead).call(this, statusCode, ...args)
  }
}

/** @param {IncomingMessage} req */
const isRead = (req) => req.method === 'GET' || req.method === 'HEAD'
/** A server action's fetch: its answer must be one Next's router follows (a refusal it cannot show). */
const isAction = (/** @type {IncomingMessage} */ req) =>
  !isRead(req) && req.headers['next-action'] !== undefined

/**
 * The way to login, with the security headers (the framing pair left out in widget mode, where
 * next.config.mjs leaves it out too): 307 for GET and HEAD; for a server action's fetch (Next-Action)
 * the answer Next gives an action that redirects, which the browser's router follows with a navigation;
 * 303 for anything else (a form sent without JavaScript: the browser then asks the login page with GET).
 * @param {IncomingMessage} req
 * @param {ServerResponse} res
 * @param {string} location
 * @param {boolean} widget
 */
function redirect(req, res, location, widget) {
  const security = widget ? COMMON_SECURITY_HEADERS : [...COMMON_SECURITY_HEADERS, ...FRAMING_HEADERS_SELF]
  const read = isRead(req)
  const action = isAction(req)
  // An object: Node reads a list of pairs wrongly once a header was set (server.mjs sets X-Request-Id).
  res.writeHead(
    read ? 307 : action ? 200 : 303,
    Object.fromEntries([
      ...security.map(({ key, value }) => [key, value]),
      ['Cache-Control', 'no-store'],
      ...(action
        ? [
            ['X-Action-Redirect', `${location};push`],
            ['Content-Type', 'text/plain'],
          ]
        : [['Location', location]]),
      ['Content-Length', '0'],
    ]),
  )
  res.end()
  return true
}

/**
 * @template V
 * @param {Map<string, V>} map
 * @param {string} key
 * @param {V} value
 */
function remember(map, key, value) {
  map.delete(key)
  if (map.size >= MAX_ENTRIES) map.delete(/** @type {string} */ (map.keys().next().value))
  map.set(key, value)
}

/**
 * Asks this server's session route whether `cookie` is a login of `tenant` the main API accepts now:
 * true or false, or null where the answer is unclear (an error, another status, an odd body).
 * @param {typeof fetch} fetchFn
 * @param {string} origin
 * @param {string} tenant
 * @param {string} cookie
 * @returns {Promise<boolean | null>}
 */
async function askSession(fetchFn, origin, tenant, cookie) {
  const response = await fetchFn(`${origin}/api/session/${encodeURIComponent(tenant)}`, {
    headers: { Accept: 'application/json', Cookie: cookie },
    redirect: 'manual',
    signal: AbortSignal.timeout(TIMEOUT_MS),
  })
  const body = await response.json().catch(() => null)
  return response.status === 200 && body && typeof body.loggedIn === 'boolean' ? body.loggedIn : null
}

/**
 * The step, with what it reads from outside replaceable for tests.
 * @param {Options} [options]
 * @returns {(req: IncomingMessage, res: ServerResponse) => Promise<boolean>}
 */
export function createForcedLoginStep(options = {}) {
  const fetchFn = options.fetch ?? fetch
  const now = options.now ?? Date.now
  /** @type {Map<string, string> | undefined} */
  let mapping
  /** @type {Map<string, { policy: Policy, at: number }>} */
  const policies = new Map()
  /** @type {Map<string, Promise<Policy>>} */
  const loading = new Map()
  const loggedIn = loginOf(options)
  // A tenant changed (here or on another server): its policy is asked anew on its next page, and an
  // answer already under way, read before the change, is no longer the tenant's load and is not kept.
  tenantChangeListeners().add((change) => {
    policies.delete(change.tenant)
    loading.delete(change.tenant)
  })

  /** @param {string} origin @param {string} path */
  async function ask(origin, path) {
    const response = await fetchFn(`${origin}${path}`, {
      headers: { Accept: 'application/json' },
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    })
    const body = await response.json().catch(() => null)
    return { status: response.status, body }
  }

  /** @param {string} tenant @param {string} origin @returns {Promise<Policy>} */
  function load(tenant, origin) {
    const pending = loading.get(tenant)
    if (pending) return pending
    const request = (async () => {
      const { status, body } = await ask(origin, `/api/login-policy/${encodeURIComponent(tenant)}`)
      /** @type {Policy} */
      let policy
      if (status === 404) policy = OPEN
      else if (
        status === 200 &&
        body &&
        typeof body.ErzwingeLogin === 'boolean' &&
        Array.isArray(body.Pfade)
      ) {
        policy = {
          forced: body.ErzwingeLogin,
          autologin: body.Autologin === true,
          closed: body.Pfade.filter((/** @type {unknown} */ p) => typeof p === 'string').map(routePattern),
        }
      } else throw new Error(`login policy of ${tenant}: answer ${status}`)
      if (loading.get(tenant) === request) remember(policies, tenant, { policy, at: now() })
      return policy
    })().finally(() => {
      if (loading.get(tenant) === request) loading.delete(tenant)
    })
    loading.set(tenant, request)
    return request
  }

  /** The tenant's policy: a fresh one at once, an old one while a new one loads, else wait for it. */
  async function policyOf(/** @type {string} */ tenant, /** @type {string} */ origin) {
    const known = policies.get(tenant)
    if (known && now() - known.at < POLICY_TTL_MS) return known.policy
    if (known) {
      load(tenant, origin).catch((error) =>
        logger.error({ tenant, error: loggableError(error) }, 'forced login: policy not renewed'),
      )
      return known.policy
    }
    return load(tenant, origin)
  }

  return async function step(req, res) {
    const url = req.url ?? '/'
    if (url.startsWith('/api/') || url.startsWith('/_next/')) return false
    mapping ??= parseTenantHosts(options.tenantHosts ?? process.env.TENANT_HOSTS)
    const question = url.indexOf('?')
    const pathname = question >= 0 ? url.slice(0, question) : url
    const pages = tenantPages(pathname, hostNames(req.headers), mapping)
    if (pages.length === 0) return false
    const origin = ownOrigin(req.socket)
    for (const page of pages) {
      /** @type {Policy} */
      let policy
      try {
        policy = await policyOf(page.tenant, origin)
      } catch (error) {
        // Nothing known about this tenant and no answer: a closed portal must not open by accident.
        logger.error({ tenant: page.tenant, error: loggableError(error) }, 'forced login: no login policy')
        return refuse(req, res, 503, 'Default', { 'Retry-After': '5' })
      }
      if (!policy.forced || !policy.closed.some((pattern) => pattern.test(page.routePath))) continue
      if (await loggedIn(page.tenant, req)) {
        keepPrivate(res)
        continue
      }
      // Autologin tenants log in through the host page; their login screen leads home, so say it plainly
      // (a server action, whose fetch cannot show a refusal, is sent home).
      if (policy.autologin) {
        if (isAction(req)) return redirect(req, res, page.prefix || '/', false)
        return refuse(req, res, 403, 'LoginFirst')
      }
      const search = new URLSearchParams(question >= 0 ? url.slice(question + 1) : '')
      return redirect(req, res, loginLocation(page, search), search.has('widget'))
    }
    return false
  }
}

/** The step of server.mjs. */
export const step = createForcedLoginStep()

const LOGIN_CHECK_KEY = Symbol.for('referral-portal.edge-login-check')

/**
 * The one session cookie's value of a Cookie header (as Next's cookie reader decodes it), or null when
 * there is none or more than one.
 * @param {string | undefined} header
 */
export function sealOf(header) {
  const parts = sessionCookie(header).split('; ').filter(Boolean)
  if (parts.length !== 1) return null
  try {
    return decodeURIComponent(/** @type {string} */ (parts[0]).slice(SESSION_COOKIE.length + 1))
  } catch {
    return null
  }
}

/**
 * Whether a request to a tenant page brings a login of that tenant that the main API accepts at this
 * moment (loginOf), asked for every request, nothing kept: lib/edge/anonymous-cache.mjs answers pages
 * meant for logged-in visitors only after it.
 * @param {Options} [options]
 * @returns {(req: IncomingMessage) => Promise<boolean>}
 */
export function freshLoginCheck(options = {}) {
  const loggedIn = loginOf(options)
  /** @type {Map<string, string> | undefined} */
  let mapping
  return async (req) => {
    if (!sessionCookie(req.headers.cookie)) return false
    mapping ??= parseTenantHosts(options.tenantHosts ?? process.env.TENANT_HOSTS)
    const url = req.url ?? '/'
    const question = url.indexOf('?')
    const pages = tenantPages(question >= 0 ? url.slice(0, question) : url, hostNames(req.headers), mapping)
    const page = pages.length === 1 ? pages[0] : undefined
    return page ? loggedIn(page.tenant, req) : false
  }
}

/**
 * The login answers of the requests under way, per request and tenant: the forced-login step and the
 * anonymous cache may both ask for one request (a closed portal's personal area), and it is asked once.
 * @type {WeakMap<IncomingMessage, Map<string, Promise<boolean>>>}
 */
const answered = new WeakMap()

/**
 * Whether a request brings a login of `tenant` that the main API accepts at this moment: the portal's
 * own check where it offered one on globalThis (lib/shared/edge-login-check.ts: it opens the sealed
 * cookie and asks the main API, in process with the built-in engine), else (or with two session
 * cookies) the session route. A failed or unclear answer is no login.
 * @param {Options} options
 * @returns {(tenant: string, req: IncomingMessage) => Promise<boolean>}
 */
function loginOf(options) {
  const fetchFn = options.fetch ?? fetch
  const offered =
    options.check ??
    (() =>
      /** @type {Record<symbol, ((tenant: string, seal: string) => Promise<boolean>) | undefined>} */ (
        globalThis
      )[LOGIN_CHECK_KEY])
  /** @param {string} tenant @param {IncomingMessage} req */
  const ask = async (tenant, req) => {
    const cookie = sessionCookie(req.headers.cookie)
    if (!cookie) return false
    try {
      const check = offered()
      const seal = check ? sealOf(req.headers.cookie) : null
      if (check && seal) return (await check(tenant, seal)) === true
      return (await askSession(fetchFn, ownOrigin(req.socket), tenant, cookie)) === true
    } catch {
      return false
    }
  }
  return (tenant, req) => {
    let mine = answered.get(req)
    if (!mine) answered.set(req, (mine = new Map()))
    const known = mine.get(tenant)
    if (known) return known
    const answer = ask(tenant, req)
    mine.set(tenant, answer)
    return answer
  }
}
