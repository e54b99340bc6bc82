// GET /api/dashboard/{tenant} — the logged-in referrer's own data of the personal area (BFF, never the token)
import { cookies } from 'next/headers'
import { dashboardAnswer } from '@/lib/portal/dashboard'
import { SESSION_COOKIE } from '@/lib/portal/session-cookie'

export const dynamic = 'force-dynamic'

/**
 * The personal area's own data of the session's login, or 404 (lib/portal/dashboard.ts). Where
 * server.mjs runs, the edge answers the plain address with the same answer (lib/edge/dashboard-edge.mjs);
 * this route takes what the edge leaves to Next (widget mode's query, a server without the edge).
 */
export async function GET(_request: Request, { params }: { params: Promise<{ tenant: string }> }) {
  const answer = await dashboardAnswer((await params).tenant, (await cookies()).get(SESSION_COOKIE)?.value)
  return new Response(answer.body, { status: answer.status, headers: answer.headers })
}
