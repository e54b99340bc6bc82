import 'server-only'
import { apiContext } from '@/lib/portal/main-api/context'
import { MainApiError } from '@/lib/portal/main-api/client'
import { listRecommendations } from '@/lib/portal/main-api/recommendations'
import { getAwards, getTeZuTpBanner } from '@/lib/portal/main-api/rewards'
import { sealedLoginFor } from '@/lib/portal/session'
import { parseTenantParam } from '@/lib/routes/href'
import type { DashboardData } from '@/lib/shared/dashboard-data'

/** What the personal area's data read answers: the data, or none (and whether the session ended). */
export type DashboardAnswer = { data: DashboardData } | { data: null; sessionEnded: boolean }

/**
 * The personal area is one page for every referrer, kept for moments at the edge; what is the
 * referrer's own the browser reads through GET /api/dashboard/{tenant}: the recommendations, the awards
 * with the balance and the TV banner, three main-API calls in one answer. Only for a live session of the
 * tenant held by the session cookie's value `seal` (none otherwise); a token the main API refuses
 * (PSOF0204: logout elsewhere, a lock, a password change) ends the session (SPEC §7.9), so the page
 * leads to login. The tenant segment carries the language the product names are read in. Answered by
 * the route (app/api/dashboard/[tenant]) and, where server.mjs runs, at the edge (lib/edge/dashboard-edge.mjs).
 */
export async function dashboardOf(segment: string, seal: string | undefined): Promise<DashboardAnswer> {
  const parsed = parseTenantParam(segment)
  const login = parsed && seal ? await sealedLoginFor(seal, parsed.tenant) : null
  if (!parsed || !login) return { data: null, sessionEnded: false }
  const api = apiContext(parsed, login)
  try {
    const [recommendations, awards, banner] = await Promise.all([
      listRecommendations(api),
      getAwards(api),
      getTeZuTpBanner(api),
    ])
    return {
      data: { recommendations, rewards: awards.Praemien, konto: awards.Konto, teZuTp: banner.ShowBanner },
    }
  } catch (error) {
    if (!(error instanceof MainApiError && error.code === 'PSOF0204')) throw error
    return { data: null, sessionEnded: true }
  }
}
