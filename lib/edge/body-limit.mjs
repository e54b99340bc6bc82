// @ts-check
import { hasBody, letBodyCome, refuse } from './respond.mjs'
import { DEFAULT_LIMIT, LARGER, SERVER_ACTION_LIMIT } from './body-limits.mjs'

/**
 * The largest request body per path, enforced before Next reads any of it (issue 15: four parallel
 * 200 MB bodies used to be read whole before the handler's check). A declared Content-Length above the
 * limit is answered 413 at once: not a byte of the body is read (a client that waits for "100 Continue"
 * never sends it). A body without a length (Transfer-Encoding: chunked) is taken in as it arrives and
 * counted; past the limit reading stops and the answer is 413, otherwise Next reads the held body as
 * usual. Holding at most the limit costs no more than Next's own reading, and chunked uploads stay
 * possible for API clients and proxies that stream (refusing them would gain nothing).
 *
 * The limits themselves are in body-limits.mjs, which the main API's handlers read too.
 */

export { SERVER_ACTION_LIMIT, DEFAULT_LIMIT }

/**
 * Whether Next may try to decode the request as a server action: a POST that names an action, or posts
 * form data (to a page, or to any address no route handler takes: those end at a page too).
 * @param {import('node:http').IncomingMessage} req
 */
export function decodedAsAction(req) {
  if (req.method !== 'POST') return false
  if (req.headers['next-action'] !== undefined) return true
  const type = String(req.headers['content-type'] ?? '').toLowerCase()
  return type.startsWith('multipart/form-data') || type.startsWith('application/x-www-form-urlencoded')
}

/**
 * Whether the request is a server action of the portal: a fetch action names itself in the Next-Action
 * header; a form posted without JavaScript (progressive enhancement) is a POST of form data to a page.
 * @param {import('node:http').IncomingMessage} req
 */
export function isServerAction(req) {
  if (!decodedAsAction(req)) return false
  if (req.headers['next-action'] !== undefined) return true
  const path = (req.url ?? '').split('?')[0] ?? ''
  return !path.startsWith('/api/') && !path.startsWith('/_next/')
}

/**
 * The body limit of a request in bytes.
 * @param {import('node:http').IncomingMessage} req
 * @returns {number}
 */
export function bodyLimit(req) {
  if (isServerAction(req)) return SERVER_ACTION_LIMIT
  const path = (req.url ?? '').split('?')[0] ?? ''
  return LARGER.find((entry) => entry.path.test(path))?.limit ?? DEFAULT_LIMIT
}

/**
 * Takes in a chunked body up to `limit` bytes before anyone reads the request: the chunks Node's parser
 * pushes are held instead of buffered (so the socket keeps flowing) and handed on at the end. Past the
 * limit nothing more is held and the result is 'over' (the parser is told to stop reading). Bytes that
 * arrived before (with the headers, already in the stream's buffer) are counted and held first.
 * @param {import('node:http').IncomingMessage} req
 * @param {number} limit
 * @returns {Promise<'held' | 'over' | 'gone'>}
 */
export function holdBody(req, limit) {
  // The whole body is in the buffer already: nothing more arrives.
  if (req.complete) return Promise.resolve(req.readableLength > limit ? 'over' : 'held')
  return new Promise((resolve) => {
    /** @type {Buffer[]} */
    let chunks = []
    let size = 0
    const push = req.push
    const done = (/** @type {'held' | 'over' | 'gone'} */ result) => {
      req.push = push
      req.off('close', gone)
      resolve(result)
    }
    const gone = () => {
      chunks = []
      done('gone')
    }
    /** @param {Buffer} chunk */
    const hold = (chunk) => {
      size += chunk.length
      if (size > limit) {
        chunks = []
        done('over')
        return false
      }
      chunks.push(chunk)
      return true
    }
    /** @type {typeof req.push} */
    req.push = function holding(chunk, encoding) {
      if (chunk !== null) return hold(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk, encoding))
      done('held')
      for (const held of chunks) push.call(req, held)
      return push.call(req, null)
    }
    req.once('close', gone)
    // Reading what is buffered also lets a parser that paused at the buffer's limit go on.
    for (let chunk = req.read(); chunk !== null; chunk = req.read()) {
      if (!hold(chunk)) return
    }
  })
}

/**
 * Edge step: 413 ZuGross for a body over the path's limit, declared or counted.
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @returns {Promise<boolean>}
 */
export async function step(req, res) {
  if (!hasBody(req)) return false
  const limit = bodyLimit(req)
  const declared = req.headers['content-length']
  if (declared !== undefined) {
    return Number(declared) > limit ? refuse(req, res, 413, 'ZuGross') : false
  }
  letBodyCome(req, res)
  const result = await holdBody(req, limit)
  if (result === 'over') return refuse(req, res, 413, 'ZuGross')
  return result === 'gone'
}
