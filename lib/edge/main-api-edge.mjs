// @ts-check
import { answeredAtEdge } from './edge-answer-scope.mjs'
import { writeAnswer } from './edge-write.mjs'
import { jsonTexts } from './json-texts.mjs'
import { hasBody, letBodyCome } from './respond.mjs'

/**
 * Edge step: the main API answered by the built-in engine's handlers straight from here, without Next's
 * route handling (on this kind of machine about 4 ms of a 6–7 ms read, and about half the server's time
 * per recommendation created). Where the engine runs in this process it offers its handlers on globalThis
 * (lib/shared/in-process-api.ts: the very route modules Next serves, chosen as Next's router chooses
 * them, with token checks, input parsing and error envelopes), and the portal's client already calls
 * them that way. This step hands them a call from the network the same way and writes their answer with
 * what Next would add: the security headers of next.config.mjs, gzip where the client takes it,
 * `Vary: Accept-Encoding`.
 *
 * Reads and writes (GET, POST, PUT, PATCH, DELETE), and only what Next would route to those handlers
 * unchanged: a path below /api/v1/ without a trailing slash (Next redirects those), empty or dot
 * segments, the API's description or the generated pictures (their own policy, next.config.mjs). HEAD
 * and OPTIONS, which Next answers itself for a route, stay with Next. A body is read here, after the
 * body-limit step has refused one over the path's limit. A write that changes a tenant renews
 * Next's cache in a request of this server's own before its answer goes out (edge-answer-scope.mjs,
 * lib/portal/cache-invalidation.ts). Without the engine in this process (MAIN_API_URL: the portal's
 * proxy step passes these paths on) the step does nothing.
 */

/** @typedef {import('node:http').IncomingMessage} IncomingMessage */
/** @typedef {import('node:http').ServerResponse} ServerResponse */
/** @typedef {(request: Request) => Promise<Response>} InProcessApi */

const API_KEY = Symbol.for('referral-portal.in-process-api')

/** The methods the handlers answer themselves (Next answers HEAD and OPTIONS of a route). */
const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'])
/** A path of the handlers: /api/v1/ and segments without slashes, dots only inside a segment. */
const HANDLER_PATH = /^\/api\/v1(?:\/(?!\.\.?(?:\/|$))[^/?#]+)+$/
/** Answered by Next: the API's description and the pictures with their own policy (next.config.mjs). */
const NEXT_ONLY =
  /^\/api\/v1\/(?:openapi\.json$|[^/]+\/(?:produkt\/[^/]+\/(?:grafik|sgrafik)|produktkategorie\/[^/]+\/(?:grafik|icon)|praemie\/[^/]+\/grafik[^/]*|content\/assets\/[^/]+)$)/i

/**
 * @param {{ api?: () => InProcessApi | undefined }} [options] where the handlers come from (tests)
 * @returns {(req: IncomingMessage, res: ServerResponse) => Promise<boolean>}
 */
export function mainApiEdgeStep(options = {}) {
  const offered =
    options.api ??
    (() =>
      /** @type {Record<symbol, InProcessApi | undefined>} */ (/** @type {unknown} */ (globalThis))[API_KEY])
  return async function step(req, res) {
    if (!METHODS.has(req.method ?? '')) return false
    const url = req.url ?? '/'
    if (!url.startsWith('/api/v1/')) return false
    const question = url.indexOf('?')
    const pathname = question >= 0 ? url.slice(0, question) : url
    if (!HANDLER_PATH.test(pathname) || NEXT_ONLY.test(pathname)) return false
    const api = offered()
    if (!api) return false
    const body = req.method === 'GET' ? null : await requestBody(req, res)
    if (body === 'gone') return true
    const response = await answeredAtEdge(() => api(toRequest(req, body)))
    /** @type {[string, string][]} */
    const headers = []
    response.headers.forEach((value, key) => {
      if (key !== 'content-length' && key !== 'content-encoding' && key !== 'vary') headers.push([key, value])
    })
    await writeAnswer(req, res, {
      status: response.status,
      headers,
      body: await bodyOf(response),
      widget: /(?:^|[?&])widget(?:=|&|$)/.test(question >= 0 ? url.slice(question + 1) : ''),
    })
    return true
  }
}

/**
 * The request's body, read whole (a client waiting for "100 Continue" is told to send it); null without
 * one, as Next hands it. Its size is the body-limit step's (body-limit.mjs, before this one): a declared
 * length over the path's limit was refused there, a body without one held up to it. 'gone' when the
 * client left before the end: nobody is left to answer.
 * @param {IncomingMessage} req
 * @param {ServerResponse} res
 * @returns {Promise<Buffer | null | 'gone'>}
 */
async function requestBody(req, res) {
  if (!hasBody(req)) return null
  letBodyCome(req, res)
  /** @type {Buffer[]} */
  const chunks = []
  try {
    for await (const chunk of req) chunks.push(chunk)
  } catch {
    return 'gone'
  }
  return Buffer.concat(chunks)
}

/**
 * The bytes of an answer: a JSON answer's text where the handlers kept it beside the answer (the same
 * bytes, without reading its body's stream, whose steps cost more than the copy), else its body.
 * @param {Response} response
 */
async function bodyOf(response) {
  const text = jsonTexts().get(response)
  return text === undefined ? Buffer.from(await response.arrayBuffer()) : Buffer.from(text)
}

/**
 * The request as Next hands it to a route handler: the address the client used, its headers (the
 * client-address step has set X-Forwarded-For), Next's forwarding headers where none came, and its body.
 * @param {IncomingMessage} req
 * @param {Buffer | null} body
 */
function toRequest(req, body) {
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name.startsWith(':')) continue
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item)
  }
  const host = req.headers.host ?? `127.0.0.1:${req.socket.localPort}`
  if (!headers.has('x-forwarded-host')) headers.set('x-forwarded-host', host)
  if (!headers.has('x-forwarded-proto')) headers.set('x-forwarded-proto', 'http')
  if (!headers.has('x-forwarded-port')) headers.set('x-forwarded-port', String(req.socket.localPort ?? ''))
  // A Host no URL can be made of (the request-shape step lets some odd ones pass) names no origin here:
  // the handlers read only the path and query of the address.
  let url
  try {
    url = new URL(req.url ?? '/', `http://${host}`)
  } catch {
    url = new URL(req.url ?? '/', 'http://localhost')
  }
  return new Request(url, { method: req.method, headers, body })
}
