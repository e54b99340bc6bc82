// @ts-check

const KEY = Symbol.for('referral-portal.in-process-api.json-texts')

/**
 * The texts of the engine's JSON answers, kept beside each Response (lib/shared/in-process-api.ts,
 * jsonResponse), one map per process on globalThis: the route handlers are bundles of their own, and
 * server.mjs's edge step that answers the main API (main-api-edge.mjs) writes an answer from its text.
 * @returns {WeakMap<Response, string>}
 */
export function jsonTexts() {
  const holder = /** @type {Record<symbol, WeakMap<Response, string> | undefined>} */ (
    /** @type {unknown} */ (globalThis)
  )
  return (holder[KEY] ??= new WeakMap())
}
