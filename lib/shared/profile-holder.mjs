// @ts-check
/**
 * The counters of the bench's profiling mode (lib/edge/profile.mjs), shared by server.mjs and the
 * app's bundles of one process through globalThis. Absent unless the server was started with
 * BENCH_PROFILE=1: then lib/shared/profile.ts counts nothing and costs one lookup.
 */
export const PROFILE_KEY = Symbol.for('referral-portal.profile')

/** @returns {{ pageRequests: Counter, apiRequests: Counter, apiCalls: Counter, sql: Counter }} */
export function newProfile() {
  return {
    pageRequests: { count: 0, ms: 0 },
    apiRequests: { count: 0, ms: 0 },
    apiCalls: { count: 0, ms: 0 },
    sql: { count: 0, ms: 0 },
  }
}
/** @typedef {{ count: number, ms: number }} Counter */
