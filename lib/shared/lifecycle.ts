/**
 * The seam between the server's front (server.mjs, lib/edge/health.mjs) and the app's bundles for the
 * server's life: whether it can serve (GET /readyz) and how it stops (SIGTERM). instrumentation.ts
 * offers them when the server starts: with the built-in engine, the database's state, the engine's
 * shutdown (jobs and mail worker finish their run, the connection closes) and its figures for GET
 * /metrics (lib/edge/metrics.mjs: outbox, jobs); with MAIN_API_URL, whether the main API answers.
 * They live on globalThis, since server.mjs is plain JavaScript outside Next's bundles.
 */

/** What /readyz answers: ready, and each check's state ('ok' or what is wrong). */
export type Readiness = { ready: boolean; checks: Record<string, string> }

const READINESS = Symbol.for('referral-portal.readiness')
const SHUTDOWN = Symbol.for('referral-portal.shutdown')
const METRICS = Symbol.for('referral-portal.engine-metrics')
type Holder = {
  [READINESS]?: () => Promise<Readiness>
  [SHUTDOWN]?: () => Promise<void>
  [METRICS]?: () => Promise<unknown>
}

/** Offers the readiness check of this process. */
export function offerReadiness(check: () => Promise<Readiness>): void {
  ;(globalThis as Holder)[READINESS] = check
}

/** Offers what this process does before it exits, after the last request was answered. */
export function offerShutdown(shutdown: () => Promise<void>): void {
  ;(globalThis as Holder)[SHUTDOWN] = shutdown
}

/** Offers the engine's figures for GET /metrics (the outbox's depth and age, the jobs' lag). */
export function offerEngineMetrics(collect: () => Promise<unknown>): void {
  ;(globalThis as Holder)[METRICS] = collect
}
