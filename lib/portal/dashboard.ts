import 'server-only'
import { apiContext } from '@/lib/portal/main-api/context'
import { MainApiError } from '@/lib/portal/main-api/client'
import { listRecommendations } from '@/lib/portal/main-api/recommendations'
import { getAwards, getTeZuTpBanner } from '@/lib/portal/main-api/rewards'
import { endedSessionCookie, sealedLoginFor } from '@/lib/portal/session'
import { parseTenantParam } from '@/lib/routes/href'
import type { DashboardData } from '@/lib/shared/dashboard-data'
import type { DashboardRead } from '@/lib/shared/edge-dashboard'

const NO_STORE: [string, string] = ['Cache-Control', 'private, no-store']

/**
 * The answer of GET /api/dashboard/{tenant}, the same from the route (app/api/dashboard/[tenant]) and,
 * where server.mjs runs, from the edge (lib/edge/dashboard-edge.mjs). The personal area is one page for
 * every referrer, kept for moments at the edge; what is the referrer's own the browser reads here: the
 * recommendations, the awards with the balance and the TV banner, three main-API calls in one answer.
 * Only for a live session of the tenant held by the session cookie's value `seal` (404 otherwise); a
 * token the main API refuses (PSOF0204: logout elsewhere, a lock, a password change) drops the session
 * cookie (SPEC §7.9) and answers 404 as well, so the page leads to login. The tenant segment carries the
 * language the product names are read in. Never stored.
 */
export const dashboardAnswer: DashboardRead = async (segment, seal) => {
  const parsed = parseTenantParam(segment)
  const login = parsed && seal ? await sealedLoginFor(seal, parsed.tenant) : null
  if (!parsed || !login) return { status: 404, headers: [NO_STORE], body: null }
  const api = apiContext(parsed, login)
  try {
    const [recommendations, awards, banner] = await Promise.all([
      listRecommendations(api),
      getAwards(api),
      getTeZuTpBanner(api),
    ])
    const data: DashboardData = {
      recommendations,
      rewards: awards.Praemien,
      konto: awards.Konto,
      teZuTp: banner.ShowBanner,
    }
    return {
      status: 200,
      headers: [NO_STORE, ['Content-Type', 'application/json']],
      body: JSON.stringify(data),
    }
  } catch (error) {
    if (!(error instanceof MainApiError && error.code === 'PSOF0204')) throw error
    return { status: 404, headers: [NO_STORE, ['Set-Cookie', await endedSessionCookie()]], body: null }
  }
}
