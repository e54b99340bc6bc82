// @ts-check

/** @typedef {(change: { tenant: string, scope: string, remote?: boolean }) => void} Listener */

const KEY = Symbol.for('referral-portal.tenant-change-listeners')

/**
 * The listeners of tenant changes (lib/shared/tenant-changes.ts announces to them), one set per process
 * on globalThis: route handlers, pages and instrumentation are separate bundles, and server.mjs's edge
 * steps (the forced-login step's kept policies) listen too.
 * @returns {Set<Listener>}
 */
export function tenantChangeListeners() {
  const holder = /** @type {Record<symbol, Set<Listener> | undefined>} */ (
    /** @type {unknown} */ (globalThis)
  )
  return (holder[KEY] ??= new Set())
}
