// @ts-check
/**
 * The counters of the bench's profiling mode (lib/edge/profile.mjs), shared by server.mjs and the
 * app's bundles of one process through globalThis. Absent unless the server was started with
 * BENCH_PROFILE=1: then lib/shared/profile.ts counts nothing and costs one lookup.
 */
export const PROFILE_KEY = Symbol.for('referral-portal.profile')

/**
 * The counters: requests server.mjs passed on (pages, main API), the portal's main-API calls, SQL
 * statements, and per statement text (its first 160 characters) how often it ran and for how long.
 * @returns {{ pageRequests: Counter, apiRequests: Counter, apiCalls: Counter, sql: Counter, statements: Record<string, Counter> }}
 */
export function newProfile() {
  return {
    pageRequests: { count: 0, ms: 0 },
    apiRequests: { count: 0, ms: 0 },
    apiCalls: { count: 0, ms: 0 },
    sql: { count: 0, ms: 0 },
    statements: {},
  }
}
/** @typedef {{ count: number, ms: number }} Counter */
