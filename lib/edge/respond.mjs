// @ts-check
import { readFileSync } from 'node:fs'
import { STATUS_CODES } from 'node:http'
import { createLogger, loggableError, loggablePath } from './logger.mjs'
import { COMMON_SECURITY_HEADERS, FRAMING_HEADERS_SELF } from './security-headers.mjs'

/**
 * The answers of server.mjs's edge steps: the security headers of every response, `Cache-Control:
 * no-store`, and for main-API paths (/api/v1/…) its JSON envelope { Code, Message } with the catalogue
 * text of messages/*.json (X-Accept-Language picks the language, as in the main API); elsewhere the same
 * text as plain text (Accept-Language), or for a browser's page that failed (5xx) as a small page with
 * a link to load it again. German first.
 */

/** @typedef {import('node:http').IncomingMessage} IncomingMessage */
/** @typedef {import('node:http').ServerResponse} ServerResponse */

/** @param {'de' | 'en'} locale @returns {{ Errors: Record<string, string>, ErrorPage: Record<string, string> }} */
function messages(locale) {
  const file = new URL(`../../messages/${locale}.json`, import.meta.url)
  return JSON.parse(readFileSync(file, 'utf8'))
}
const MESSAGES = { de: messages('de'), en: messages('en') }
const TEXTS = { de: MESSAGES.de.Errors, en: MESSAGES.en.Errors }

/** @param {string | string[] | undefined} header @returns {'de' | 'en'} */
function localeOf(header) {
  const first = String(header ?? '')
    .split(',')[0]
    ?.trim()
    .slice(0, 2)
    .toLowerCase()
  return first === 'en' ? 'en' : 'de'
}

/** The catalogue text of a code (German when the language has none). */
export function errorText(/** @type {string} */ code, /** @type {'de' | 'en'} */ locale = 'de') {
  return TEXTS[locale][code] ?? TEXTS.de[code] ?? TEXTS.de.Default ?? code
}

/** @param {string} text */
const escapeHtml = (text) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  )

/**
 * A browser's page the server could not answer (5xx): a small page in the visitor's language with a
 * link that loads it again, which a 503 with Retry-After follows by itself after that many seconds.
 * Plain HTML without styles or scripts, so the pages' Content-Security-Policy holds.
 * @param {IncomingMessage} req @param {'de' | 'en'} locale @param {string} message @param {string | undefined} retryAfter
 */
function errorPage(req, locale, message, retryAfter) {
  const again = escapeHtml(req.url ?? '/')
  const refresh =
    retryAfter && /^\d{1,3}$/.test(retryAfter) ? `<meta http-equiv="refresh" content="${retryAfter}">` : ''
  return `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">${refresh}<title>${escapeHtml(MESSAGES[locale].ErrorPage.title ?? message)}</title></head>
<body><main><h1>${escapeHtml(message)}</h1><p><a href="${again}">${escapeHtml(MESSAGES[locale].ErrorPage.reload ?? 'Reload')}</a></p></main></body></html>
`
}

/** Whether a request is a browser's page request (it asks for HTML). */
const wantsPage = (/** @type {IncomingMessage} */ req) =>
  (req.method === 'GET' || req.method === 'HEAD') && String(req.headers.accept ?? '').includes('text/html')

/** Whether a request's path belongs to the main API, whose errors are JSON envelopes. */
export function isMainApiPath(/** @type {string | undefined} */ url) {
  return /^\/api\/v1(?:[/?#]|$)/.test(url ?? '')
}

/** The security headers every answer carries (next.config.mjs sends the same on Next's answers). */
export const SECURITY_HEADERS = [...COMMON_SECURITY_HEADERS, ...FRAMING_HEADERS_SELF].map(
  ({ key, value }) => [key, value],
)

/**
 * Requests whose client waits for "100 Continue" before it sends the body (server.mjs's checkContinue):
 * letBodyCome sends it once, right before the body is read.
 * @type {WeakSet<IncomingMessage>}
 */
export const awaitingContinue = new WeakSet()

/** Lets a client that waits for "100 Continue" send its body (once; nothing for other requests). */
export function letBodyCome(/** @type {IncomingMessage} */ req, /** @type {ServerResponse} */ res) {
  if (awaitingContinue.delete(req)) res.writeContinue()
}

/** Whether the request announces a body (a length above 0, or chunks). */
export function hasBody(/** @type {IncomingMessage} */ req) {
  return req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0
}

/** How long a refused request may still send its body before its connection is closed. */
const LINGER_MS = 5_000
/** How much of a refused body is read and dropped before the connection is closed. */
const DRAIN_BYTES = 16 * 1024 * 1024

/**
 * Reads and drops the rest of a refused body, so the client reads the answer instead of a reset (a
 * socket closed with unread bytes resets the connection, and the client may lose the answer with it).
 * A body that goes on past DRAIN_BYTES or LINGER_MS ends the connection.
 * @param {IncomingMessage} req
 */
function drain(req) {
  let left = DRAIN_BYTES
  const close = () => req.socket.destroy()
  const timer = setTimeout(close, LINGER_MS)
  timer.unref()
  req.on('data', (/** @type {Buffer} */ chunk) => {
    left -= chunk.length
    if (left < 0) {
      clearTimeout(timer)
      close()
    }
  })
  req.once('end', () => clearTimeout(timer))
  req.once('close', () => clearTimeout(timer))
  req.resume()
}

/**
 * Answers a request that an edge step refuses. A body still on its way is never kept: the rest of it is
 * read and dropped for a moment (drain), and the connection is closed after the answer where the client
 * waits for "100 Continue" (it never sends the body).
 * @param {IncomingMessage} req
 * @param {ServerResponse} res
 * @param {number} status
 * @param {string} code a code of the error catalogue (messages/*.json → Errors)
 * @param {Record<string, string>} [headers] more headers (e.g. Allow)
 * @returns {true} the request is answered
 */
export function refuse(req, res, status, code, headers = {}) {
  // A client that waits for "100 Continue" never sends its body: the connection cannot be reused.
  const bodyWithheld = awaitingContinue.delete(req)
  const api = isMainApiPath(req.url)
  let locale = localeOf(api ? req.headers['x-accept-language'] : req.headers['accept-language'])
  const page = !api && status >= 500 && wantsPage(req)
  // A page's language is its address's (/{tenant}/en/…), as the portal's.
  if (page) locale = /^\/[^/?#]+\/en(?:[/?#]|$)/.test(req.url ?? '') ? 'en' : 'de'
  const message = errorText(code, locale)
  const body = api
    ? JSON.stringify({ Code: code, Message: message })
    : page
      ? errorPage(req, locale, message, headers['Retry-After'])
      : `${message}\n`
  const bodyPending = hasBody(req) && !req.complete
  if (res.headersSent) {
    res.destroy()
    return true
  }
  // What was set for the answer that is not sent any more goes, except the request's id (server.mjs).
  for (const name of res.getHeaderNames()) if (name !== 'x-request-id') res.removeHeader(name)
  // An object, not a list of pairs: Node reads a list as flat once headers were set on the response.
  res.writeHead(
    status,
    STATUS_CODES[status],
    Object.fromEntries([
      ...SECURITY_HEADERS,
      ['Cache-Control', 'no-store'],
      [
        'Content-Type',
        api
          ? 'application/json; charset=utf-8'
          : page
            ? 'text/html; charset=utf-8'
            : 'text/plain; charset=utf-8',
      ],
      ['Content-Length', String(Buffer.byteLength(body))],
      ...Object.entries(headers),
      ...(bodyPending && bodyWithheld ? [['Connection', 'close']] : []),
    ]),
  )
  res.end(req.method === 'HEAD' ? undefined : body)
  if (bodyPending && !bodyWithheld) drain(req)
  return true
}

const failures = createLogger()

/**
 * A request handler threw (a step or Next itself): 500 with the security headers when nothing was sent
 * yet, else the connection ends (a half-sent answer cannot be mended).
 * @param {IncomingMessage} req
 * @param {ServerResponse} res
 * @param {unknown} error
 */
export function failSafe(req, res, error) {
  failures.error(
    { method: req.method, path: loggablePath(req.url), error: loggableError(error) },
    'request handler threw',
  )
  if (res.headersSent || res.writableEnded) res.destroy()
  else refuse(req, res, 500, 'Default')
}

/** Answers of Node's parser errors: status and code of the catalogue. */
const CLIENT_ERRORS = {
  HPE_HEADER_OVERFLOW: [431, 'ZuGross'],
  HPE_URI_OVERFLOW: [414, 'ZuGross'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'AnfrageUnvollstaendig'],
  HPE_HEADERS_TIMEOUT: [408, 'AnfrageUnvollstaendig'],
}

/** Sockets whose request Node's parser refused and refuseClientError answered. */
const refusedSockets = new WeakSet()

/**
 * server.on('clientError'): Node's parser refused the request (bytes not allowed in a header, headers
 * over 16 KiB, a broken chunk, …) before any handler saw it. Answers 4xx as plain text with the security
 * headers instead of Node's bare answer, and closes the connection (the parser cannot go on).
 * @param {Error & { code?: string }} error
 * @param {import('node:stream').Duplex} socket
 */
export function refuseClientError(error, socket) {
  // Node's parser reports every later piece of a refused request again: it is dropped until the end.
  if (refusedSockets.has(socket)) return
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy()
    return
  }
  const [status, code] = CLIENT_ERRORS[/** @type {keyof typeof CLIENT_ERRORS} */ (error.code ?? '')] ?? [
    400,
    'AnfrageUngueltig',
  ]
  const body = `${errorText(code)}\n`
  const head = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
    ...SECURITY_HEADERS.map(([key, value]) => `${key}: ${value}`),
    'Cache-Control: no-store',
    'Content-Type: text/plain; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
  ]
  refusedSockets.add(socket)
  socket.end(`${head.join('\r\n')}\r\n\r\n${body}`)
  // What the client still sends is read and dropped for a moment, so it reads the answer, not a reset.
  setTimeout(() => socket.destroy(), LINGER_MS).unref()
}
