// @ts-check
import { currentRequestId } from './logger.mjs'
import http from 'node:http'
import https from 'node:https'
import { refuse } from './respond.mjs'

/**
 * Edge step where the portal runs against an external main API (MAIN_API_URL): the main API's paths
 * on the portal's own address (/api/v1/…: product pictures in the catalogue, links in pages, clients
 * of the same origin; /api/dev/…: the developer tools, off in production) are passed on to it, so the
 * portal's address stays one whole site. The request goes on as it came (method, path, headers, body,
 * streamed both ways), with this server as a proxy in front of the main API: X-Forwarded-For names the
 * client as the client-address step resolved it (so the main API trusts exactly this one hop,
 * TRUSTED_PROXY_HOPS=1 there), X-Forwarded-Host and -Proto the address the browser used. Unreachable:
 * 502, the envelope's NetzwerkFehler. Without MAIN_API_URL the step is not installed: the built-in
 * engine answers. Runs after the client-address step.
 */

/** @typedef {import('node:http').IncomingMessage} IncomingMessage */
/** @typedef {import('node:http').ServerResponse} ServerResponse */

const PASSED_ON = /^\/api\/(?:v1|dev)(?:\/|$)/

/** Headers of one connection, not of the request (RFC 9110 §7.6.1). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
])

/**
 * @param {string | undefined} mainApiUrl MAIN_API_URL, e.g. http://engine:3000/api/v1
 * @param {number} ownPort this server's port: a main API on this very server would be asked forever
 * @returns {((req: IncomingMessage, res: ServerResponse) => Promise<boolean>) | null}
 */
export function mainApiProxyStep(mainApiUrl, ownPort) {
  if (!mainApiUrl) return null
  const target = new URL(mainApiUrl)
  const targetPort = Number(target.port || (target.protocol === 'https:' ? 443 : 80))
  const loopback = ['localhost', '127.0.0.1', '[::1]', '0.0.0.0'].includes(target.hostname)
  if (loopback && targetPort === ownPort) {
    throw new Error(
      `MAIN_API_URL (${mainApiUrl}) names this server itself; leave it unset for the built-in engine`,
    )
  }
  const client = target.protocol === 'https:' ? https : http
  const agent = new client.Agent({ keepAlive: true })

  return async (req, res) => {
    if (!PASSED_ON.test(req.url ?? '')) return false
    /** @type {Record<string, string | string[]>} */
    const headers = {}
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value
    }
    headers['x-forwarded-for'] = String(req.headers['x-forwarded-for'] ?? req.socket.remoteAddress ?? '')
    headers['x-forwarded-host'] = String(req.headers['x-forwarded-host'] ?? req.headers.host ?? '')
    headers['x-forwarded-proto'] = String(req.headers['x-forwarded-proto'] ?? 'http')
    headers.host = target.host
    // The main API trusts this server as its proxy: its lines of this request carry the same id.
    const id = currentRequestId()
    if (id) headers['x-request-id'] = id
    // A kept connection the main API closed just as it was reused fails before any answer: a request
    // without a body (GET, HEAD) is then sent once more on a new one (as Node's documentation advises).
    const resendable = req.method === 'GET' || req.method === 'HEAD'
    await new Promise((resolve) => {
      /** @param {boolean} firstTry */
      function send(firstTry) {
        const upstream = client.request(
          {
            protocol: target.protocol,
            hostname: target.hostname,
            port: targetPort,
            method: req.method,
            path: req.url,
            headers,
            agent,
          },
          (answer) => {
            /** @type {Record<string, string | string[]>} */
            const back = {}
            for (const [name, value] of Object.entries(answer.headers)) {
              if (value !== undefined && !HOP_BY_HOP.has(name)) back[name] = value
            }
            res.writeHead(answer.statusCode ?? 502, back)
            answer.pipe(res)
            answer.once('end', resolve)
            answer.once('error', resolve)
          },
        )
        upstream.once('error', (/** @type {NodeJS.ErrnoException} */ error) => {
          const closedKept = upstream.reusedSocket && (error.code === 'ECONNRESET' || error.code === 'EPIPE')
          if (firstTry && resendable && closedKept && !res.headersSent) return send(false)
          refuse(req, res, 502, 'NetzwerkFehler')
          resolve(undefined)
        })
        if (resendable) upstream.end()
        else req.pipe(upstream)
      }
      send(true)
    })
    return true
  }
}
