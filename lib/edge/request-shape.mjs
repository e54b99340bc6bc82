// @ts-check
import { refuse } from './respond.mjs'

/**
 * Edge step: refuses, with 4xx and the security headers, every request whose address or headers Next
 * would stumble over (issue 15: `%ff` in a path gave 500 on ten routes, `?to=%00` reached the database).
 * One rule per class instead of a check in each route:
 *
 * - an address over 6 KiB: 414 (Node's parser already refuses more than 16 KiB of head, see respond.mjs)
 * - an address that is not a path (absolute form, `*`) or holds bytes outside printable ASCII: 400
 * - percent-encoding that is broken (`%`, `%zz`) or does not decode to UTF-8 (`%ff`) in path or query: 400
 * - NUL anywhere, and control characters in the path, also percent-encoded: 400
 * - a missing or malformed Host (or X-Forwarded-Host, where one is kept): 400
 * - router headers of Next that do not have their form (Next-Router-State-Tree, Next-Url): 400
 * - a multipart Content-Type without its boundary (Next's server actions answered it with 500): 400
 */

/**
 * The longest request target (path and query) taken. A redirect echoes the address twice (Next's
 * trailing-slash redirect sends Location and Refresh), and the answer's head must stay within the 16 KiB
 * an HTTP client reads (Node's default): 2 × 6 KiB leaves room for the other headers.
 */
export const MAX_URL_LENGTH = 6 * 1024

/** Printable ASCII without space: the only bytes of a request target (RFC 3986; browsers encode the rest). */
const TARGET_BYTES = /^[\x21-\x7e]*$/
/** A percent sign that does not start an escape. */
const BROKEN_ESCAPE = /%(?![0-9a-fA-F]{2})/
/** C0 controls and DEL, never in a path. */
const CONTROL = /[\u0000-\u001f\u007f]/
/** The boundary parameter a multipart body cannot be read without (RFC 2046: 1 to 70 characters). */
const MULTIPART_BOUNDARY = /;\s*boundary=(?:"[^"]{1,70}"|[^\s;"]{1,70})\s*(?:;|$)/i
/** host[:port] or [IPv6][:port]. */
const HOST = /^(?:[a-z0-9](?:[a-z0-9._-]{0,252})?|\[[0-9a-f:.]{2,45}\])(?::\d{1,5})?$/i

/**
 * Decodes percent-escapes as UTF-8, or null when they are broken or not UTF-8.
 * @param {string} text
 * @returns {string | null}
 */
function decoded(text) {
  if (BROKEN_ESCAPE.test(text)) return null
  try {
    return decodeURIComponent(text)
  } catch {
    return null
  }
}

/**
 * Why a request target cannot be served (null: it can). Exported for the unit tests.
 * @param {string} url
 * @returns {{ status: number, reason: string } | null}
 */
export function targetProblem(url) {
  if (url.length > MAX_URL_LENGTH) return { status: 414, reason: 'too long' }
  if (!url.startsWith('/') || url.startsWith('//')) return { status: 400, reason: 'not a path' }
  if (!TARGET_BYTES.test(url)) return { status: 400, reason: 'bytes outside printable ASCII' }
  const hash = url.indexOf('#')
  const target = hash >= 0 ? url.slice(0, hash) : url
  const question = target.indexOf('?')
  const path = question >= 0 ? target.slice(0, question) : target
  const query = question >= 0 ? target.slice(question + 1) : ''
  const pathText = decoded(path)
  if (pathText === null) return { status: 400, reason: 'broken percent-encoding in the path' }
  if (CONTROL.test(pathText)) return { status: 400, reason: 'control character in the path' }
  // Browsers resolve dot segments before they ask; Next would resolve them after the edge steps matched
  // the path (forced login), and URL parsers read a backslash as a slash. A segment is what lies between
  // two slashes as sent: an escaped slash is part of a value (an order number "2026/../7"), no segment.
  if (path.split('/').some((segment) => /^(?:\.|%2e){1,2}$/i.test(segment)))
    return { status: 400, reason: 'dot segment in the path' }
  if (path.includes('\\')) return { status: 400, reason: 'backslash in the path' }
  for (const part of query.split(/[&=]/)) {
    const text = decoded(part.replace(/\+/g, ' '))
    if (text === null) return { status: 400, reason: 'broken percent-encoding in the query' }
    if (text.includes('\u0000')) return { status: 400, reason: 'NUL in the query' }
  }
  return null
}

/**
 * Why the headers cannot be served (null: they can).
 * @param {import('node:http').IncomingHttpHeaders} headers
 * @returns {string | null}
 */
export function headerProblem(headers) {
  const host = headers.host
  if (!host || !HOST.test(host)) return 'Host missing or malformed'
  const forwardedHost = headers['x-forwarded-host']
  if (forwardedHost !== undefined) {
    const entries = String(forwardedHost).split(',')
    if (!entries.every((entry) => HOST.test(entry.trim()))) return 'X-Forwarded-Host malformed'
  }
  const type = headers['content-type']
  if (type !== undefined && /^\s*multipart\//i.test(type) && !MULTIPART_BOUNDARY.test(type)) {
    return 'multipart Content-Type without a boundary'
  }
  const nextUrl = headers['next-url']
  if (nextUrl !== undefined && (typeof nextUrl !== 'string' || targetProblem(nextUrl)))
    return 'Next-Url malformed'
  const tree = headers['next-router-state-tree']
  if (tree !== undefined && !routerStateTree(tree)) return 'Next-Router-State-Tree malformed'
  return null
}

/** Next-Router-State-Tree: percent-encoded JSON of an array (Next's router sends it with RSC requests). */
function routerStateTree(/** @type {string | string[]} */ value) {
  if (typeof value !== 'string' || value.length > 40_000) return false
  const text = decoded(value)
  if (text === null) return false
  try {
    return Array.isArray(JSON.parse(text))
  } catch {
    return false
  }
}

/**
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @returns {Promise<boolean>}
 */
export async function step(req, res) {
  const target = targetProblem(req.url ?? '')
  if (target) return refuse(req, res, target.status, target.status === 414 ? 'ZuGross' : 'AnfrageUngueltig')
  if (headerProblem(req.headers)) return refuse(req, res, 400, 'AnfrageUngueltig')
  return false
}
