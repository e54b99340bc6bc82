import http from 'node:http'
import zlib from 'node:zlib'
import { FUZZ_PORT } from './fuzz-port'

/**
 * Sends a request exactly as written: the path is not normalised (fetch would resolve `..` and
 * `%2e%2e` and re-encode), headers go out in order and may repeat, and a body may be chunked. Node's
 * client still refuses what HTTP/1.1 cannot carry (spaces and control characters in the path or a
 * header), so those are sent percent-encoded or as raw Latin-1 bytes instead.
 */

export type Wire = {
  method: string
  /** Path and query as sent, e.g. `/api/v1/demo/%ff?x=1`. */
  target: string
  headers: [string, string][]
  body?: Buffer
  /** Sent without Content-Length, in pieces (Transfer-Encoding: chunked). */
  chunked?: boolean
}

export type Answer = { status: number; headers: http.IncomingHttpHeaders; text: string }

/**
 * A connection per request: a request that leaves its connection unusable (a body the server did not
 * read) would otherwise fail the next request sent on it, and the failure would be blamed on that one.
 */
const agent = new http.Agent({ keepAlive: false, maxSockets: 32 })
const TIMEOUT_MS = 60_000
/** Enough of an answer to show in a failure; the rest is read and dropped. */
const KEEP_BYTES = 4096
const KEEP_COMPRESSED_BYTES = 1024 * 1024

/** The answer's text as sent before compression (what the judges read: an error's Code). */
function decoded(body: Buffer, encoding: string): Buffer {
  const flush = { finishFlush: zlib.constants.Z_SYNC_FLUSH }
  try {
    if (encoding === 'gzip' || encoding === 'x-gzip') return zlib.gunzipSync(body, flush)
    if (encoding === 'deflate') return zlib.inflateSync(body, flush)
    if (encoding === 'br')
      return zlib.brotliDecompressSync(body, {
        finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH,
      })
  } catch {
    // Shown as it came.
  }
  return body
}

export function send(wire: Wire): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers = wire.headers.flat()
    if (wire.body && !wire.chunked && !wire.headers.some(([k]) => k.toLowerCase() === 'content-length')) {
      headers.push('Content-Length', String(wire.body.length))
    }
    const request = http.request(
      {
        host: '127.0.0.1',
        port: FUZZ_PORT,
        method: wire.method,
        path: wire.target,
        headers,
        setHost: false,
        agent,
        timeout: TIMEOUT_MS,
      },
      (response) => {
        const encoding = String(response.headers['content-encoding'] ?? '').toLowerCase()
        // A compressed answer is kept whole (up to a limit): its start alone may not decode.
        const keep = encoding && encoding !== 'identity' ? KEEP_COMPRESSED_BYTES : KEEP_BYTES
        const kept: Buffer[] = []
        let size = 0
        response.on('data', (chunk: Buffer) => {
          if (size < keep) kept.push(chunk)
          size += chunk.length
        })
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            text: decoded(Buffer.concat(kept), encoding).toString('utf8').slice(0, KEEP_BYTES),
          }),
        )
        response.on('error', reject)
      },
    )
    request.on('timeout', () => request.destroy(new Error(`no answer within ${TIMEOUT_MS / 1000} s`)))
    request.on('error', reject)
    if (wire.body && wire.chunked) {
      for (let at = 0; at < wire.body.length; at += 16_384) request.write(wire.body.subarray(at, at + 16_384))
      request.end()
    } else {
      request.end(wire.body)
    }
  })
}

/** One line that names a request, for failure messages. */
export function describeWire(wire: Wire): string {
  const body = wire.body
    ? ` body(${wire.body.length} B${wire.chunked ? ', chunked' : ''}): ${JSON.stringify(wire.body.subarray(0, 300).toString('utf8'))}`
    : ''
  const headers = wire.headers
    .map(
      ([k, v]) =>
        `${k}: ${k.toLowerCase() === 'cookie' || v.length > 120 ? `${v.slice(0, 40)}…(${v.length})` : v}`,
    )
    .join(' | ')
  return `${wire.method} ${wire.target.length > 300 ? `${wire.target.slice(0, 300)}…` : wire.target} [${headers}]${body}`
}
