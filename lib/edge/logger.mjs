// @ts-check
import { AsyncLocalStorage } from 'node:async_hooks'
import { randomUUID } from 'node:crypto'
import pino from 'pino'

/**
 * The server's logs: one JSON object per line on standard output (pino), with the id of the request it
 * was written for. server.mjs runs every request in a scope of its own (`requestScope`) holding that id;
 * every logger made here adds it to its lines, in server.mjs's steps as in the app's bundles
 * (lib/shared/log.ts), since the scope lives on globalThis. The answer carries it as X-Request-Id, so a
 * visitor's or an operator's report leads to the lines. What the lines say is the callers' business:
 * never personal data (lib/shared/log.ts masks such keys).
 */

/** @typedef {{ id: string }} RequestScope */

const SCOPE_KEY = Symbol.for('referral-portal.request-scope')
const holder = /** @type {Record<symbol, AsyncLocalStorage<RequestScope> | undefined>} */ (
  /** @type {unknown} */ (globalThis)
)

/** @type {AsyncLocalStorage<RequestScope>} one per process, shared by server.mjs and the bundles */
export const requestScope = (holder[SCOPE_KEY] ??= new AsyncLocalStorage())

/** The id of the request being handled, or undefined outside one (jobs, the mail worker, start). */
export function currentRequestId() {
  return requestScope.getStore()?.id
}

/** An id a proxy in front may hand on: letters, digits and . _ - only, 8 to 100 of them. */
const FORWARDED_ID = /^[A-Za-z0-9._-]{8,100}$/

/**
 * The id of a request: the X-Request-Id a trusted proxy in front sent (`trusted`: TRUSTED_PROXY_HOPS
 * above 0), so its logs and these share it; else a new one.
 * @param {import('node:http').IncomingHttpHeaders} headers
 * @param {boolean} trusted
 */
export function requestIdOf(headers, trusted) {
  const sent = headers['x-request-id']
  return trusted && typeof sent === 'string' && FORWARDED_ID.test(sent) ? sent : randomUUID()
}

/**
 * Where the lines go by default: warnings and errors to standard error, the rest to standard output,
 * through the console (so a test that listens there hears them too). The level is the line's first key.
 * @type {import('pino').DestinationStream}
 */
const CONSOLE = {
  write(line) {
    const text = line.endsWith('\n') ? line.slice(0, -1) : line
    if (/^\{"level":"(?:warn|error|fatal)"/.test(text)) console.error(text)
    else console.log(text)
  },
}

/**
 * A logger of the server's line format: level as a word, ISO time, `message`, the request's id.
 * LOG_LEVEL sets the threshold (default info; warn under tests).
 * @param {import('pino').DestinationStream} [destination] where the lines go (default: the console)
 */
export function createLogger(destination) {
  return pino(
    {
      level: process.env.LOG_LEVEL || (process.env.NODE_ENV === 'test' ? 'warn' : 'info'),
      base: undefined,
      messageKey: 'message',
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      mixin: () => {
        const id = currentRequestId()
        return id ? { requestId: id } : {}
      },
    },
    destination ?? CONSOLE,
  )
}

/**
 * A path segment kept in a log line: a plain word (a route's own name, a tenant's slug) of letters,
 * `_` and `-` with a small letter in it. Numbers, codes (capitals and digits), markers and tokens are not.
 */
const PLAIN_SEGMENT = /^(?=[A-Za-z_-]{1,40}$)[A-Za-z_-]*[a-z][A-Za-z_-]*$/

/**
 * A request's address as a log line may name it: the path without query, each segment that is not a
 * plain word (an e-mail, a token, a recommendation number or code, a marker) shown as `…`, so the route shows
 * and nothing personal: `/api/v1/demo/account/resetPassword/…`.
 * @param {string | undefined} url
 */
export function loggablePath(url) {
  const path = String(url ?? '').split(/[?#]/)[0] ?? ''
  return path
    .split('/')
    .map((segment) => (segment === '' || segment === 'v1' || PLAIN_SEGMENT.test(segment) ? segment : '…'))
    .join('/')
    .slice(0, 200)
}

/**
 * What a log line may say of an error: its message (and its cause's) without a failed statement's
 * parameters, which drizzle appends after "params:" and which may hold an address or a name; causes
 * to three levels.
 * @param {unknown} error
 * @param {number} [depth]
 */
export function loggableError(error, depth = 0) {
  if (!(error instanceof Error)) return typeof error
  const message = error.message.split('\nparams:')[0] ?? ''
  return error.cause instanceof Error && error.cause !== error && depth < 3
    ? `${message} (${loggableError(error.cause, depth + 1)})`
    : message
}
