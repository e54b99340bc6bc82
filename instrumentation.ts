// When the server starts (never at build time): checks the environment, so a bad value (DEV_TOOLS=true
// with APP_ENV=production among them) stops the server with lib/shared/env.ts's one message instead of
// leaving a server that fails every request. With the built-in engine (no MAIN_API_URL) it offers the
// engine's handlers to the portal in process, opens the database (migrations, demo seeding), so the
// first visitor does not wait for it, and starts the mail outbox worker and the periodic jobs.
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NEXT_PHASE === 'phase-production-build') return
  const { env } = await import('@/lib/shared/env')
  try {
    env()
  } catch (error) {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  }
  // The portal renews its cached copies when the engine announces a changed tenant.
  const { listenForTenantChanges } = await import('@/lib/portal/cache-invalidation')
  listenForTenantChanges()
  // The edge answers pages kept for logged-in users after this check of the request's login.
  const { isCurrentLogin } = await import('@/lib/portal/edge-login-check')
  const { offerEdgeLoginCheck } = await import('@/lib/shared/edge-login-check')
  offerEdgeLoginCheck(isCurrentLogin)
  // The edge answers the personal area's data read as its route does.
  const { dashboardAnswer } = await import('@/lib/portal/dashboard')
  const { offerEdgeDashboard } = await import('@/lib/shared/edge-dashboard')
  offerEdgeDashboard(dashboardAnswer)
  const { offerEngineMetrics, offerReadiness, offerShutdown } = await import('@/lib/shared/lifecycle')
  // The connections of the portal's own limits close when the server stops, after the rest of it.
  const { closeRateLimitStore } = await import('@/lib/portal/tracking/rate-limit')
  const thenLimits = (stop: () => Promise<void>) => async () => {
    await stop()
    await closeRateLimitStore()
  }
  // With MAIN_API_URL this server is the portal only: the main API there owns the database, the
  // outbox and the jobs, and answers the portal over HTTP (server.mjs passes its paths on to it).
  const mainApi = env().MAIN_API_URL
  if (mainApi) {
    const { mainApiReadiness } = await import('@/lib/portal/main-api/readiness')
    offerReadiness(() => mainApiReadiness(mainApi))
    // The built-in engine's servers publish their tenant changes on Redis; without it, the copies
    // here renew within their keep time.
    const redisUrl = env().REDIS_URL
    let stopHearing = async () => {}
    if (redisUrl) {
      const { hearTenantChanges, stopTenantChangesOverRedis } =
        await import('@/lib/shared/tenant-change-redis')
      const { applyTenantChangeHere } = await import('@/lib/shared/internal-call')
      await hearTenantChanges(redisUrl, applyTenantChangeHere)
      stopHearing = stopTenantChangesOverRedis
    }
    offerShutdown(thenLimits(stopHearing))
    return
  }
  // The built-in engine answers the portal's main-API calls in this process (no loopback connection).
  const { ROUTE_MODULES } = await import('@/app/api/v1/openapi.json/route-modules')
  const { inProcessMainApi } = await import('@/lib/engine/http/in-process')
  const { offerInProcessApi } = await import('@/lib/shared/in-process-api')
  offerInProcessApi(inProcessMainApi(ROUTE_MODULES))
  const { engineReadiness } = await import('@/lib/engine/readiness')
  const { engineShutdown } = await import('@/lib/engine/shutdown')
  const { engineMetrics } = await import('@/lib/engine/ops-metrics')
  offerReadiness(engineReadiness)
  offerShutdown(thenLimits(engineShutdown))
  offerEngineMetrics(() => engineMetrics())
  const { getDb } = await import('@/lib/engine/db')
  const { log } = await import('@/lib/shared/log')
  // A database that is not there yet does not stop the server: /readyz stays red, and the first
  // request or readiness check after it is back opens it (with the migrations).
  await getDb().catch((error: unknown) =>
    log.error('database not reachable at start', {
      error: error instanceof Error ? error.message : String(error),
    }),
  )
  // On PostgreSQL the servers sharing it tell each other of changed tenants; one told is renewed here,
  // in a request of this server's own (Next renews its cache only inside one).
  const { startTenantChangeBus } = await import('@/lib/engine/tenant-change-bus')
  const { applyTenantChangeHere } = await import('@/lib/shared/internal-call')
  startTenantChangeBus(applyTenantChangeHere)
  // Portal servers apart from this engine (MAIN_API_URL) hear its changes over Redis.
  const redisUrl = env().REDIS_URL
  if (redisUrl) {
    const { publishTenantChanges } = await import('@/lib/shared/tenant-change-redis')
    await publishTenantChanges(redisUrl)
  }
  const { startMailWorker } = await import('@/lib/engine/mail/start-mail-worker')
  startMailWorker()
  const { startJobs } = await import('@/lib/engine/jobs/start-jobs')
  startJobs()
}
