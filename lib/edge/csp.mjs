// @ts-check
import { createHash } from 'node:crypto'
import zlib from 'node:zlib'
import { FIRST_PAINT_SCRIPT } from './first-paint.mjs'

/**
 * Content-Security-Policy without 'unsafe-inline' for scripts, on cached pages too (issue 15, QUALITY
 * §Security 12). Next's HTML carries inline scripts (the RSC flight data `self.__next_f.push(…)`, its
 * bootstrap, Turbopack's chunk list) that differ per page. A nonce would need every page rendered per
 * request, which would end the per-tenant page cache; so this response wrapper of server.mjs reads the
 * HTML Next sends and allows exactly its inline scripts by their sha256 in script-src.
 *
 * Only scripts of Next's own three forms are listed, and only when the argument they push is pure JSON
 * (frameworkScript): such a script runs nothing but an array push of data. A `<script>` that found its
 * way into the page some other way (markup injected through content or a rendering mistake) matches
 * none of them, is not listed and so does not run, and inline event handlers and `javascript:` addresses
 * never run (no 'unsafe-inline', no 'unsafe-hashes'). Hashing whatever inline script the page holds
 * would bless injected ones as well; that is the mistake this rule keeps out.
 *
 * Only the script-src directive of the CSP already on the response (next.config.mjs headers(), the
 * proxy's widget-mode policy with the tenant's frame-ancestors) is replaced; every other directive
 * stays as it is. Cached pages cost one Map lookup: their hashes are kept by ETag (Next's digest of the
 * page), which is safe even for two pages with the same ETag, as every listed hash is one of a data-only
 * framework script. Dynamic pages are held until complete (they do not stream in parts: nothing on the
 * server suspends) and hashed once. Next compresses inside its own handler, beneath this wrapper, so a
 * compressed page is unpacked to read its scripts (only when its hashes are not known yet).
 */

/** Largest HTML answer held to be hashed; a larger one gets script-src without hashes (fail closed). */
export const MAX_HELD_BYTES = 8 * 1024 * 1024
/** ETags whose hashes are remembered (one per cached page, tenant and locale). */
const MEMO_MAX = 2000

const HTML = /^\s*text\/html\b/i
const IDENTITY = /^\s*(?:identity)?\s*$/i
const UTF8 = /^utf-?8$/i
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script[\s/>]/gi
const SRC_ATTRIBUTE = /(?:^|\s)src\s*=/i
const TYPE_ATTRIBUTE = /(?:^|\s)type\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/i
/** Types a browser runs as script (HTML §4.12.1.1): none, a JavaScript MIME type, or "module". */
const SCRIPT_TYPE =
  /^(?:|module|(?:text|application)\/(?:x-)?(?:javascript|ecmascript)|text\/(?:jscript|livescript)|text\/javascript1\.[0-5])$/i

const FLIGHT_BOOTSTRAP = '(self.__next_f=self.__next_f||[]).push([0])'
const FLIGHT_PUSH = 'self.__next_f.push('
const TURBOPACK_LINE =
  /^\(globalThis\[("(?:[^"\\\n]|\\.)*")\] \|\| \(globalThis\[\1\] = \[\]\)\)\.push\((\{.*\})\);$/

/** @param {string} text */
function isJson(text) {
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}

/** @param {string} text `self.__next_f.push(<JSON array>)` */
function isFlightPush(text) {
  if (!text.startsWith(FLIGHT_PUSH) || !text.endsWith(')')) return false
  const argument = text.slice(FLIGHT_PUSH.length, -1)
  return argument.startsWith('[') && argument.endsWith(']') && isJson(argument)
}

/**
 * Whether an inline script is one of Next's own, which run nothing but an array push of JSON data:
 * the flight bootstrap (with the form state pushed after it), a flight data chunk, or Turbopack's list
 * of the page's chunks (one line per entry).
 * @param {string} text the script's text as the browser sees it (normaliseScriptText)
 * @returns {boolean}
 */
export function frameworkScript(text) {
  if (text === FLIGHT_BOOTSTRAP) return true
  // The portal's own fixed first-paint script (first-paint.mjs), by its exact text.
  if (text === FIRST_PAINT_SCRIPT) return true
  if (text.startsWith(`${FLIGHT_BOOTSTRAP};`)) return isFlightPush(text.slice(FLIGHT_BOOTSTRAP.length + 1))
  if (text.startsWith(FLIGHT_PUSH)) return isFlightPush(text)
  if (text.startsWith('(globalThis[')) {
    return text.split('\n').every((line) => {
      const match = TURBOPACK_LINE.exec(line)
      return (
        match !== null && isJson(/** @type {string} */ (match[1])) && isJson(/** @type {string} */ (match[2]))
      )
    })
  }
  return false
}

/**
 * The text a browser hashes: the HTML parser turns CR LF and lone CR into LF, and NUL in script data
 * into U+FFFD, before the script element gets its text.
 * @param {string} raw
 */
export function normaliseScriptText(raw) {
  return raw.replace(/\r\n?/g, '\n').replace(/\0/g, '\uFFFD')
}

/**
 * The CSP hash sources of a page's inline framework scripts, once each in document order, and how many
 * inline scripts were left out (not of Next's forms, so not allowed to run).
 * @param {string} html
 * @returns {{ sources: string[], refused: number }}
 */
export function scriptHashSources(html) {
  /** @type {string[]} */
  const sources = []
  let refused = 0
  for (const match of html.matchAll(SCRIPT)) {
    const attributes = match[1] ?? ''
    if (SRC_ATTRIBUTE.test(attributes)) continue
    const type = TYPE_ATTRIBUTE.exec(attributes)
    if (type && !SCRIPT_TYPE.test((type[1] ?? type[2] ?? type[3] ?? '').trim())) continue
    const text = normaliseScriptText(match[2] ?? '')
    if (!frameworkScript(text)) {
      refused++
      continue
    }
    const source = `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`
    if (!sources.includes(source)) sources.push(source)
  }
  return { sources, refused }
}

const REPLACED_SOURCE = /^'(?:unsafe-inline|nonce-[^']*|sha(?:256|384|512)-[^']*)'$/i

/**
 * The policy with its script-src directive allowing exactly the given hash sources: 'unsafe-inline',
 * nonces and earlier hashes go, every other source of script-src ('self', hosts) and every other
 * directive stays as it is. A policy without script-src is returned unchanged.
 * @param {string} policy
 * @param {readonly string[]} sources
 * @returns {string}
 */
export function withScriptHashes(policy, sources) {
  return policy
    .split(';')
    .map((directive) => {
      const [name = '', ...values] = directive.trim().split(/\s+/)
      if (name.toLowerCase() !== 'script-src') return directive
      const kept = values.filter((value) => !REPLACED_SOURCE.test(value))
      return `${directive.match(/^\s*/)?.[0] ?? ''}${[name, ...kept, ...sources].join(' ')}`
    })
    .join(';')
}

/** @type {Map<string, readonly string[]>} ETag → hash sources of that page */
const memo = new Map()

/** @param {string} etag @param {readonly string[]} sources */
function remember(etag, sources) {
  if (memo.size >= MEMO_MAX) {
    const oldest = memo.keys().next().value
    if (oldest !== undefined) memo.delete(oldest)
  }
  memo.set(etag, sources)
}

/** Forgets every remembered page (tests). */
export function forgetHashes() {
  memo.clear()
}

/** @type {Set<string>} paths whose refused scripts were already logged */
const reported = new Set()

/** @param {string} message @param {Record<string, unknown>} fields */
function warn(message, fields) {
  // The same one-line JSON as lib/shared/log.ts (which server-side code outside Next's bundle cannot import).
  console.error(JSON.stringify({ time: new Date().toISOString(), level: 'warn', message, ...fields }))
}

/**
 * The body as the browser will read it, or null when its encoding is not one this server sends.
 * @param {Buffer} body
 * @param {unknown} encoding the Content-Encoding header
 * @returns {Buffer | null}
 */
function decoded(body, encoding) {
  const name = String(encoding ?? 'identity')
    .trim()
    .toLowerCase()
  try {
    if (name === 'identity' || name === '') return body
    if (name === 'gzip' || name === 'x-gzip') return zlib.gunzipSync(body)
    if (name === 'deflate') return zlib.inflateSync(body)
    if (name === 'br') return zlib.brotliDecompressSync(body)
  } catch {
    return null
  }
  return null
}

/** @param {unknown} chunk @param {unknown} encoding */
function toBuffer(chunk, encoding) {
  if (Buffer.isBuffer(chunk)) return chunk
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)
  return Buffer.from(
    String(chunk),
    /** @type {BufferEncoding} */ (typeof encoding === 'string' ? encoding : 'utf8'),
  )
}

/**
 * Response wrapper (server.mjs applies it before Next handles the request): an HTML answer that carries
 * a CSP with script-src is held until complete, then sent with script-src listing the hashes of its
 * framework scripts. Everything else passes through untouched. A 304 drops the CSP, so the browser keeps
 * the policy it stored with the page (a 304 header replaces the stored one, and has no page to hash).
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @returns {void}
 */
export function cspHashes(req, res) {
  const original = {
    writeHead: res.writeHead,
    write: res.write,
    end: res.end,
    flushHeaders: res.flushHeaders,
  }
  /** @type {'open' | 'pass' | 'hold'} */
  let state = 'open'
  /** @type {Buffer[]} */
  let held = []
  let heldBytes = 0

  function decide() {
    if (state !== 'open') return state
    state = 'pass'
    const policy = res.getHeader('content-security-policy')
    if (policy === undefined) return state
    if (res.statusCode === 304) {
      res.removeHeader('content-security-policy')
      return state
    }
    const type = res.getHeader('content-type')
    if (!HTML.test(String(type ?? ''))) return state
    const policies = Array.isArray(policy) ? policy : [String(policy)]
    if (!policies.some((p) => /(?:^|;)\s*script-src(?:\s|;|$)/i.test(p))) return state
    state = 'hold'
    return state
  }

  /** @param {readonly string[]} sources */
  function setPolicy(sources) {
    const policy = res.getHeader('content-security-policy')
    if (policy === undefined) return
    res.setHeader(
      'content-security-policy',
      Array.isArray(policy)
        ? policy.map((p) => withScriptHashes(p, sources))
        : withScriptHashes(String(policy), sources),
    )
  }

  /**
   * Hash sources of the held page: remembered by ETag, else read from the body.
   * @param {Buffer | string} body the body as sent (compressed when Next compressed it)
   * @returns {readonly string[]}
   */
  function sourcesOf(body) {
    const etag = res.getHeader('etag')
    const key = typeof etag === 'string' && res.statusCode === 200 ? etag : null
    const known = key ? memo.get(key) : undefined
    if (known) return known
    if (req.method === 'HEAD') return []
    const encoding = res.getHeader('content-encoding')
    /** @type {string} */
    let html
    if (typeof body === 'string' && IDENTITY.test(String(encoding ?? ''))) html = body
    else {
      const bytes = decoded(typeof body === 'string' ? Buffer.from(body, 'utf8') : body, encoding)
      if (!bytes) {
        warn('csp: HTML answer in an unknown encoding, sent without script hashes', {
          encoding: String(encoding),
        })
        return []
      }
      html = bytes.toString('utf8')
    }
    const { sources, refused } = scriptHashSources(html)
    const path = (req.url ?? '').split('?')[0] ?? ''
    if (refused > 0 && !reported.has(path) && reported.size < 1000) {
      reported.add(path)
      warn('csp: inline script that is not one of Next.js’s own, not allowed to run', { path, refused })
    }
    if (key) remember(key, sources)
    return sources
  }

  /**
   * The held answer, its policy set to the hashes of its scripts. A cached page comes in one piece, as
   * a string: it goes out as it came, neither copied nor encoded here.
   * @param {Buffer | string | undefined} last the chunk given to end()
   * @returns {Buffer | string}
   */
  function release(last) {
    /** @type {Buffer | string} */
    let body
    if (held.length === 0 && typeof last === 'string') body = last
    else {
      if (last !== undefined) held.push(typeof last === 'string' ? Buffer.from(last, 'utf8') : last)
      body = held.length === 1 && held[0] ? held[0] : Buffer.concat(held)
    }
    held = []
    setPolicy(sourcesOf(body))
    state = 'pass'
    if (req.method !== 'HEAD' && !res.hasHeader('transfer-encoding')) {
      if (typeof body !== 'string') res.setHeader('content-length', body.length)
      else if (!res.hasHeader('content-length')) res.setHeader('content-length', Buffer.byteLength(body))
    }
    return body
  }

  /**
   * A page too large to hold: sent without hashes (its scripts do not run) and streamed from here on.
   */
  function overflow() {
    warn('csp: HTML answer too large to hash, sent without script hashes', {
      path: (req.url ?? '').split('?')[0] ?? '',
      bytes: heldBytes,
    })
    const body = Buffer.concat(held, heldBytes)
    held = []
    setPolicy([])
    state = 'pass'
    original.write.call(res, body)
  }

  /**
   * @param {number} statusCode
   * @param {...unknown} rest reason phrase and/or headers, as ServerResponse.writeHead takes them
   */
  res.writeHead = function writeHead(statusCode, ...rest) {
    if (state === 'pass') return /** @type {any} */ (original.writeHead).call(this, statusCode, ...rest)
    const [first, second] = rest
    const headers = typeof first === 'string' ? second : first
    if (typeof first === 'string') res.statusMessage = first
    res.statusCode = statusCode
    if (Array.isArray(headers)) {
      // [[name, value], …] or the raw form [name, value, name, value, …]
      if (headers.every((entry) => Array.isArray(entry))) {
        for (const [name, value] of headers) res.setHeader(String(name), value)
      } else {
        for (let i = 0; i + 1 < headers.length; i += 2) res.setHeader(String(headers[i]), headers[i + 1])
      }
    } else if (headers && typeof headers === 'object') {
      for (const [name, value] of Object.entries(headers)) if (value !== undefined) res.setHeader(name, value)
    }
    if (decide() === 'pass') return original.writeHead.call(this, statusCode)
    return this
  }

  res.flushHeaders = function flushHeaders() {
    if (decide() === 'pass') return original.flushHeaders.call(this)
  }

  /** @type {any} */
  const patchedWrite = function write(
    /** @type {any} */ chunk,
    /** @type {any} */ encoding,
    /** @type {any} */ callback,
  ) {
    if (decide() === 'pass') return /** @type {any} */ (original.write).call(res, chunk, encoding, callback)
    const done = typeof encoding === 'function' ? encoding : callback
    if (chunk !== undefined && chunk !== null) {
      const buffer = toBuffer(chunk, encoding)
      held.push(buffer)
      heldBytes += buffer.length
    }
    if (heldBytes > MAX_HELD_BYTES) overflow()
    if (typeof done === 'function') process.nextTick(done)
    return true
  }
  res.write = patchedWrite

  /** @type {any} */
  const patchedEnd = function end(
    /** @type {any} */ chunk,
    /** @type {any} */ encoding,
    /** @type {any} */ callback,
  ) {
    if (typeof chunk === 'function') return patchedEnd(undefined, undefined, chunk)
    if (typeof encoding === 'function') return patchedEnd(chunk, undefined, encoding)
    if (decide() === 'pass') return /** @type {any} */ (original.end).call(res, chunk, encoding, callback)
    /** @type {Buffer | string | undefined} */
    let last
    if (chunk !== undefined && chunk !== null) {
      last =
        typeof chunk === 'string' && UTF8.test(String(encoding ?? 'utf8')) ? chunk : toBuffer(chunk, encoding)
    }
    const body = release(last)
    original.writeHead.call(res, res.statusCode)
    return /** @type {any} */ (original.end).call(res, req.method === 'HEAD' ? undefined : body, callback)
  }
  res.end = patchedEnd

  // A client that leaves before the end: nothing more to send, drop what was held.
  res.once('close', () => {
    held = []
    heldBytes = 0
  })
}
