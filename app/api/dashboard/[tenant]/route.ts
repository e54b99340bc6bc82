// GET /api/dashboard/{tenant} — the logged-in referrer's own data of the personal area (BFF, never the token)
import { apiContext } from '@/lib/portal/main-api/context'
import { MainApiError } from '@/lib/portal/main-api/client'
import { listRecommendations } from '@/lib/portal/main-api/recommendations'
import { getAwards, getTeZuTpBanner } from '@/lib/portal/main-api/rewards'
import { endSession, sessionFor } from '@/lib/portal/session'
import { parseTenantParam } from '@/lib/routes/href'
import type { DashboardData } from '@/lib/shared/dashboard-data'

export const dynamic = 'force-dynamic'

const NO_STORE = { 'Cache-Control': 'private, no-store' }

/**
 * The personal area is one page for every referrer, kept for moments at the edge; what is the
 * referrer's own the browser reads here: the recommendations, the awards with the balance and the TV
 * banner, three main-API calls in one answer. Only for a live session of the tenant (404 otherwise); a
 * token the main API refuses (PSOF0204: logout elsewhere, a lock, a password change) drops the session
 * cookie (SPEC §7.9) and answers 404 as well, so the page leads to login. The tenant segment carries the
 * language the product names are read in.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ tenant: string }> }) {
  const parsed = parseTenantParam((await params).tenant)
  const session = parsed ? await sessionFor(parsed.tenant) : null
  if (!parsed || !session) return new Response(null, { status: 404, headers: NO_STORE })
  const api = apiContext(parsed, session)
  try {
    const [recommendations, awards, banner] = await Promise.all([
      listRecommendations(api),
      getAwards(api),
      getTeZuTpBanner(api),
    ])
    const body: DashboardData = {
      recommendations,
      rewards: awards.Praemien,
      konto: awards.Konto,
      teZuTp: banner.ShowBanner,
    }
    return Response.json(body, { headers: NO_STORE })
  } catch (error) {
    if (!(error instanceof MainApiError && error.code === 'PSOF0204')) throw error
    await endSession()
    return new Response(null, { status: 404, headers: NO_STORE })
  }
}
