// @ts-check
import { AsyncLocalStorage } from 'node:async_hooks'

/**
 * The scope of a request that server.mjs hands to Next, which the portal's own code marks when it gets
 * the request: a server action's first step (lib/portal/form-fields.ts) and the main API's wrapper
 * (lib/engine/http/api-handler.ts). action-decoding.mjs reads the mark: a 500 before it is a body
 * Next could not decode. Kept free of other imports, since the portal's bundle imports it too.
 */

/** @typedef {{ started: boolean }} ActionScope */

const SCOPE_KEY = Symbol.for('psoe.edge.actionScope')
const scopes = /** @type {Record<symbol, AsyncLocalStorage<ActionScope> | undefined>} */ (
  /** @type {unknown} */ (globalThis)
)

/**
 * One instance per process, reached through globalThis: the portal's code is bundled apart from
 * server.mjs, so each has a copy of this module.
 * @type {AsyncLocalStorage<ActionScope>}
 */
export const actionScope = (scopes[SCOPE_KEY] ??= new AsyncLocalStorage())

/**
 * Runs Next's handler for a request in a scope of its own.
 * @template T
 * @param {() => Promise<T>} handle
 * @returns {Promise<T>}
 */
export function inActionScope(handle) {
  return actionScope.run({ started: false }, handle)
}

/** Marks the current request: the portal's own code has it (a no-op outside server.mjs). */
export function markActionStarted() {
  const scope = actionScope.getStore()
  if (scope) scope.started = true
}
