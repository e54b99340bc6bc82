// @ts-check
import { tenantChangeListeners } from './tenant-change-listeners.mjs'
/**
 * Edge step and wrapper: the per-request pages every friend and referrer enters through, the recommend
 * form (/{tenant}/empfehlen/{id}), the friend's landing (/{tenant}/empfehlung/{nr}) and his data form
 * (/{tenant}/empfaengerdaten/{nr}), and a logged-in referrer's personal area and my data, kept for a few
 * seconds, so the answer Next rendered for one visitor is answered to the next ones for TTL_MS.
 * - The recommend form is the same for every visitor: what is a visitor's own (a logged-in referrer's
 *   details, an invitation's) the browser fills in from the session resource. It is kept whatever
 *   cookies the request brings.
 * - The landing and the data form are rendered per request for a friend who came back (his stored
 *   data), who brings a cookie; a request without any cookie gets the page every such visitor gets.
 * - A tenant's public pages (home, category pages, FAQ, legal pages, reward overview) are the same for
 *   everyone by construction: Next renders them once and renews them in the background (ISR,
 *   `revalidate`), but compresses its copy again for every request. An answer that Next marks so and
 *   that is the copy it keeps (isRenewedInBackground) is kept whatever cookies the request brings, as a
 *   CDN in front would keep it. Fully static pages (prerendered, no renewal) are Next's own business.
 *
 * Kept: GET (and HEAD) without Next's client-navigation headers, answered 200 without Set-Cookie; the
 * entry holds the headers (security headers and script-hash policy included) and the bytes as sent, per
 * host (and forwarded host), address and Accept-Encoding. Not kept: everything else, so redirects (an expired recommendation,
 * a closed portal's login) and errors are rendered every time. A tenant's changed settings or content
 * empty the whole store at once on this server (the engine's announcement, lib/shared/tenant-changes.ts,
 * through globalThis); other servers follow within TTL_MS. Runs after forced-login: a closed portal's
 * page is answered from here only to a request with a login that portal accepts.
 */

/** @typedef {import('node:http').IncomingMessage} IncomingMessage */
/** @typedef {import('node:http').ServerResponse} ServerResponse */
/** @typedef {{ until: number, headers: import('node:http').OutgoingHttpHeaders, body: Buffer }} Entry (answered 200) */

const TTL_MS = 10_000
const MAX_ENTRIES = 500
/** Larger answers are not kept (a page is about 50 KB). */
const MAX_BODY_BYTES = 512 * 1024

/** The tenant segment and locale of a kept page's address (none on a tenant's own host). */
const PREFIX = '^(?:\\/(?!agent\\/)[a-z0-9-]+)?(?:\\/en)?\\/'
const REST = '\\/[A-Za-z0-9]{1,40}\\/?(?:\\?.*)?$'
/** /{tenant}[/en]/empfehlen/{id}: the same for every visitor; never the agent's or employee's form. */
const FOR_EVERYONE = new RegExp(`${PREFIX}empfehlen${REST}`)
/** /{tenant}[/en]/empfehlung/{nr} and …/empfaengerdaten/{nr}: the same for every visitor without cookies. */
const FOR_NEWCOMERS = new RegExp(`${PREFIX}(?:empfehlung|empfaengerdaten)${REST}`)
/**
 * /{tenant}[/en]/meinedaten and …/persoenlicherbereich: the same for every logged-in referrer (the
 * browser reads what is his own), answered after a fresh login check.
 */
const FOR_LOGGED_IN = new RegExp(`${PREFIX}(?:meinedaten|persoenlicherbereich)\\/?(?:\\?.*)?$`)
/**
 * Where a tenant's public pages live: [/{tenant}][/en][/{page}] (a category page is /{tenant}/{key}).
 * Only the answer decides whether one is kept (isRenewedInBackground).
 */
const MAYBE_PUBLIC = /^(?:\/[a-z0-9-]+){0,3}\/?(?:\?.*)?$/

/** Headers with which Next asks for a client navigation's payload instead of the page. */
const NAVIGATION_HEADERS = [
  'rsc',
  'next-router-state-tree',
  'next-router-prefetch',
  'next-router-segment-prefetch',
  'next-action',
]

/**
 * Whether Next answered the copy it keeps of a page it renders once for everyone and renews in the
 * background (ISR): `s-maxage` with `stale-while-revalidate`, from its own page cache (`x-nextjs-cache`,
 * which nothing else sends) as the copy it keeps (HIT): never the stale copy it answers while it renders
 * a fresh one (STALE), nor one it has just rendered (MISS: the next request finds it there).
 * @param {import('node:http').ServerResponse} res
 */
function isRenewedInBackground(res) {
  const control = String(res.getHeader('cache-control') ?? '')
  const copy = String(res.getHeader('x-nextjs-cache') ?? '').toUpperCase()
  return (
    /(?:^|,)\s*s-maxage=\d+/.test(control) &&
    /(?:^|,)\s*stale-while-revalidate=\d+/.test(control) &&
    copy === 'HIT'
  )
}

/**
 * A tenant change empties the store at once, and once more after this long: Next renews its own copies
 * only when the request that announced the change has been handled, so a page it answers in between
 * may still be the old one (and is not kept beyond the second emptying).
 */
const SETTLE_MS = 1_000

/**
 * @param {{
 *   now?: () => number,
 *   ttlMs?: number,
 *   maxEntries?: number,
 *   loggedIn?: (req: IncomingMessage) => Promise<boolean>,
 * }} [options] `loggedIn`: whether the request brings a login of the page's tenant that the main API
 *   accepts now (lib/edge/forced-login.mjs freshLoginCheck); without it no page for logged-in visitors
 *   is kept.
 */
export function anonymousPageCache({
  now = Date.now,
  ttlMs = TTL_MS,
  maxEntries = MAX_ENTRIES,
  loggedIn,
} = {}) {
  /** @type {Map<string, Entry>} in order of storing: the oldest is dropped first */
  const entries = new Map()
  /**
   * Requests whose answer may be kept, with their key; `ifPublic`: only if Next marks the answer as a
   * public page's (isRenewedInBackground); `generation`: the store's when the request came, so an
   * answer that was under way while the store was emptied is not kept.
   * @type {WeakMap<IncomingMessage, { key: string, ifPublic: boolean, generation: number }>}
   */
  const pending = new WeakMap()
  let generation = 0

  /** @param {IncomingMessage} req @returns {Promise<{ key: string, ifPublic: boolean } | null>} */
  async function keyOf(req) {
    if (req.method !== 'GET' && req.method !== 'HEAD') return null
    if (NAVIGATION_HEADERS.some((name) => req.headers[name] !== undefined)) return null
    const url = req.url ?? ''
    const kept =
      FOR_EVERYONE.test(url) ||
      (req.headers.cookie === undefined && FOR_NEWCOMERS.test(url)) ||
      (loggedIn !== undefined &&
        req.headers.cookie !== undefined &&
        FOR_LOGGED_IN.test(url) &&
        (await loggedIn(req)))
    const ifPublic = !kept && MAYBE_PUBLIC.test(url)
    if (!kept && !ifPublic) return null
    // The host as the rewrites read it: X-Forwarded-Host names a tenant's own host behind a proxy (the
    // client-address step drops it where no proxy is trusted). Whoever sends it only ever reaches the
    // entries of the host it names.
    // A public page's entry has keys of its own: another address of the same shape (my data, a
    // recommend form) is never answered from it, nor it from theirs.
    const { host, 'x-forwarded-host': forwardedHost, 'accept-encoding': encoding } = req.headers
    const key = `${ifPublic ? 'public' : ''}\u0000${host ?? ''}\u0000${forwardedHost ?? ''}\u0000${url}\u0000${encoding ?? ''}`
    return { key, ifPublic }
  }

  /**
   * The step: answers a kept page while it is fresh; marks a keepable request otherwise.
   * @param {IncomingMessage} req
   * @param {ServerResponse} res
   * @returns {Promise<boolean>}
   */
  async function step(req, res) {
    const kept = await keyOf(req)
    if (!kept) return false
    const entry = entries.get(kept.key)
    if (entry && entry.until > now()) {
      res.writeHead(200, { ...entry.headers, 'x-edge-cache': 'hit' })
      res.end(req.method === 'HEAD' ? undefined : entry.body)
      return true
    }
    if (entry) entries.delete(kept.key)
    if (req.method === 'GET') pending.set(req, { ...kept, generation })
    return false
  }

  /**
   * The wrapper: keeps the answer to a marked request as it goes out. Installed first, so it sees the
   * bytes as the other wrappers (script hashes) and Next (compression) leave them.
   * @param {IncomingMessage} req
   * @param {ServerResponse} res
   */
  function wrap(req, res) {
    const kept = pending.get(req)
    if (!kept) return
    /** @type {Buffer[]} */
    const chunks = []
    let size = 0
    let keep = true
    const original = { write: res.write, end: res.end }
    /** @param {unknown} chunk @param {unknown} encoding */
    function collect(chunk, encoding) {
      if (!keep || chunk === undefined || chunk === null || typeof chunk === 'function') return
      const buffer =
        typeof chunk === 'string'
          ? Buffer.from(
              chunk,
              /** @type {BufferEncoding} */ (typeof encoding === 'string' ? encoding : 'utf8'),
            )
          : Buffer.from(/** @type {Uint8Array} */ (chunk))
      size += buffer.length
      if (size > MAX_BODY_BYTES) {
        keep = false
        chunks.length = 0
      } else chunks.push(buffer)
    }
    /** @type {any} */
    const write = function (/** @type {unknown[]} */ ...args) {
      collect(args[0], args[1])
      return /** @type {any} */ (original.write).apply(res, args)
    }
    /** @type {any} */
    const end = function (/** @type {unknown[]} */ ...args) {
      collect(args[0], args[1])
      if (
        keep &&
        kept.generation === generation &&
        res.statusCode === 200 &&
        !res.hasHeader('set-cookie') &&
        (!kept.ifPublic || isRenewedInBackground(res))
      ) {
        // Without the request's own id: a later answer from here carries its own (server.mjs).
        const headers = res.getHeaders()
        delete headers['x-request-id']
        store(kept.key, { until: now() + ttlMs, headers, body: Buffer.concat(chunks) })
      }
      return /** @type {any} */ (original.end).apply(res, args)
    }
    res.write = write
    res.end = end
  }

  /** @param {string} key @param {Entry} entry */
  function store(key, entry) {
    entries.delete(key)
    entries.set(key, entry)
    while (entries.size > maxEntries) {
      const oldest = entries.keys().next().value
      if (oldest === undefined) break
      entries.delete(oldest)
    }
  }

  function clear() {
    generation++
    entries.clear()
  }

  return { step, wrap, clear, size: () => entries.size }
}

/**
 * Empties `cache` whenever the engine of this process announces a changed tenant (the listeners the
 * app's bundles and this plain module share: lib/edge/tenant-change-listeners.mjs), at once and once
 * more `settleMs` later (SETTLE_MS).
 * @param {{ clear: () => void }} cache
 * @param {number} [settleMs]
 */
export function clearOnTenantChange(cache, settleMs = SETTLE_MS) {
  tenantChangeListeners().add(() => {
    cache.clear()
    setTimeout(() => cache.clear(), settleMs).unref()
  })
}
