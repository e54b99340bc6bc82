// GET /api/dashboard/{tenant} — the logged-in referrer's own data of the personal area (BFF, never the token)
import { cookies } from 'next/headers'
import { dashboardOf } from '@/lib/portal/dashboard'
import { endSession } from '@/lib/portal/session'
import { SESSION_COOKIE } from '@/lib/portal/session-cookie'

export const dynamic = 'force-dynamic'

const NO_STORE = { 'Cache-Control': 'private, no-store' }

/**
 * The personal area's own data of the session's login (lib/portal/dashboard.ts); 404 without one, and
 * a session the main API ended is dropped. Where server.mjs runs, the edge answers the same
 * (lib/edge/dashboard-edge.mjs) and this route takes the requests it leaves to Next.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ tenant: string }> }) {
  const answer = await dashboardOf((await params).tenant, (await cookies()).get(SESSION_COOKIE)?.value)
  if (answer.data) return Response.json(answer.data, { headers: NO_STORE })
  if (answer.sessionEnded) await endSession()
  return new Response(null, { status: 404, headers: NO_STORE })
}
