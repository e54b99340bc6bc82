// @ts-check
import { AsyncLocalStorage } from 'node:async_hooks'

/**
 * The scope of a main-API call that the edge answers itself (main-api-edge.mjs), outside any request of
 * Next's. What must be done before its answer goes out but can only be done inside a request of Next's
 * (renewing Next's cache after a tenant change: lib/portal/cache-invalidation.ts) is handed here as a
 * promise; the edge awaits every one of them before it writes the answer, so the caller that has the
 * answer finds the portal renewed (Next itself renews while it answers). Kept free of other imports,
 * since the portal's bundle imports it too.
 */

/** @typedef {{ pending: Promise<unknown>[] }} EdgeAnswer */

const SCOPE_KEY = Symbol.for('referral-portal.edge-answer-scope')
const scopes = /** @type {Record<symbol, AsyncLocalStorage<EdgeAnswer> | undefined>} */ (
  /** @type {unknown} */ (globalThis)
)

/**
 * One instance per process, reached through globalThis: the portal's code is bundled apart from
 * server.mjs, so each has a copy of this module.
 * @type {AsyncLocalStorage<EdgeAnswer>}
 */
const edgeAnswers = (scopes[SCOPE_KEY] ??= new AsyncLocalStorage())

/**
 * Runs `answer` in a scope of its own and resolves with its result once everything handed to the scope
 * meanwhile has settled.
 * @template T
 * @param {() => Promise<T>} answer
 * @returns {Promise<T>}
 */
export async function answeredAtEdge(answer) {
  /** @type {EdgeAnswer} */
  const scope = { pending: [] }
  const result = await edgeAnswers.run(scope, answer)
  await Promise.all(scope.pending)
  return result
}

/**
 * Inside an answer of the edge: `work` is started and awaited before that answer goes out (true); it
 * reports its own failures, which do not hold the answer back. Elsewhere (a request of Next's, a job)
 * nothing is started (false).
 * @param {() => Promise<unknown>} work
 * @returns {boolean}
 */
export function beforeEdgeAnswer(work) {
  const scope = edgeAnswers.getStore()
  if (!scope) return false
  scope.pending.push(
    Promise.resolve()
      .then(work)
      .catch(() => undefined),
  )
  return true
}
