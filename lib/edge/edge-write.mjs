// @ts-check
import { promisify } from 'node:util'
import { gzip as gzipCallback } from 'node:zlib'
import { COMMON_SECURITY_HEADERS, FRAMING_HEADERS_SELF } from './security-headers.mjs'

/** @typedef {import('node:http').IncomingMessage} IncomingMessage */
/** @typedef {import('node:http').ServerResponse} ServerResponse */

const gzip = promisify(gzipCallback)
/** Smaller answers go out as they are. */
const GZIP_FROM_BYTES = 1024

/**
 * Writes an answer the edge made in Next's place with what Next adds to its own: the security headers
 * of next.config.mjs (those that keep framing to the portal's own origin unless the request is in widget
 * mode, whose framing Next's proxy sets), gzip where the client takes it, `Vary: Accept-Encoding`, the
 * length. `headers` are the answer's own (no length, encoding or Vary).
 * @param {IncomingMessage} req
 * @param {ServerResponse} res
 * @param {{ status: number, headers: [string, string][], body: Buffer, widget?: boolean }} answer
 */
export async function writeAnswer(req, res, { status, headers, body, widget = false }) {
  const zipped = acceptsGzip(req) && body.length >= GZIP_FROM_BYTES ? await gzip(body) : null
  /** @type {[string, string][]} */
  const all = COMMON_SECURITY_HEADERS.map(({ key, value }) => [key, value])
  if (!widget) for (const { key, value } of FRAMING_HEADERS_SELF) all.push([key, value])
  all.push(['Vary', 'Accept-Encoding'], ...headers)
  if (zipped) all.push(['Content-Encoding', 'gzip'])
  all.push(['Content-Length', String((zipped ?? body).length)])
  res.writeHead(status, all.flat())
  res.end(zipped ?? body)
}

/**
 * Whether the client takes gzip: Accept-Encoding names it, or "*" without naming it, with a weight
 * above 0 ("gzip;q=0" refuses it).
 * @param {IncomingMessage} req
 */
function acceptsGzip(req) {
  /** @type {Map<string, number>} */
  const weights = new Map()
  for (const item of String(req.headers['accept-encoding'] ?? '').split(',')) {
    const [coding = '', ...parameters] = item.split(';').map((part) => part.trim().toLowerCase())
    const q = parameters.find((p) => p.startsWith('q='))
    weights.set(coding, q === undefined ? 1 : Number(q.slice(2)) || 0)
  }
  return (weights.get('gzip') ?? weights.get('*') ?? 0) > 0
}
