// @ts-check
import { decodedAsAction } from './body-limit.mjs'
import { refuse } from './respond.mjs'
import { actionScope } from './action-scope.mjs'

/**
 * Response wrapper for server actions: a body that Next cannot decode into an action's arguments (a
 * broken multipart body, reply text that is no JSON, a reference to a part that is not there) makes
 * Next answer 500 before any code of the portal runs. What was sent is at fault, so such an answer is
 * replaced with 400 AnfrageUngueltig and the security headers.
 *
 * Whether the portal's code ran is told by that code: server.mjs runs Next's handler in a scope
 * (action-scope.mjs), and an action's first step (lib/portal/form-fields.ts: formFields, actionStarted)
 * or the main API's wrapper marks it. A 500 after that mark is the portal's own failure and stays one.
 */

/**
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @returns {void}
 */
export function actionDecoding(req, res) {
  if (!decodedAsAction(req)) return
  const scope = actionScope.getStore()
  const original = { writeHead: res.writeHead, write: res.write, end: res.end }
  /** @type {'open' | 'pass' | 'replaced'} */
  let state = 'open'

  /** Decides at Next's first write: pass its answer on, or answer 400 in its place. */
  function decide() {
    if (state !== 'open') return state
    const started = scope ? scope.started : true
    if (res.statusCode < 500 || started) {
      state = 'pass'
      return state
    }
    state = 'replaced'
    Object.assign(res, original)
    console.warn('server.mjs: a server action body Next could not decode was refused with 400')
    refuse(req, res, 400, 'AnfrageUngueltig')
    // Next goes on writing its answer: it has nowhere to go.
    res.writeHead = /** @type {any} */ (() => res)
    res.write = /** @type {any} */ (sink)
    res.end = /** @type {any} */ (finish)
    return state
  }

  /** @param {unknown[]} args */
  function sink(...args) {
    const callback = args.find((arg) => typeof arg === 'function')
    if (callback) queueMicrotask(() => /** @type {() => void} */ (callback)())
    return true
  }
  /** @param {unknown[]} args */
  function finish(...args) {
    sink(...args)
    return res
  }

  res.writeHead = /** @type {typeof res.writeHead} */ (
    function writeHead(/** @type {number} */ status, /** @type {any[]} */ ...rest) {
      res.statusCode = status
      if (decide() === 'replaced') return res
      return original.writeHead.call(res, status, ...rest)
    }
  )
  res.write = /** @type {typeof res.write} */ (
    function write(/** @type {any[]} */ ...args) {
      if (decide() === 'replaced') return sink(...args)
      return original.write.apply(res, /** @type {any} */ (args))
    }
  )
  res.end = /** @type {typeof res.end} */ (
    function end(/** @type {any[]} */ ...args) {
      if (decide() === 'replaced') return finish(...args)
      return original.end.apply(res, /** @type {any} */ (args))
    }
  )
}
