import 'server-only'
import type { EdgeDashboard } from '@/lib/shared/edge-dashboard'
import { dashboardOf } from '@/lib/portal/dashboard'
import { endedSessionCookie } from '@/lib/portal/session'

/** The route's answer (app/api/dashboard/[tenant]) for the edge: the same data read, the same 404. */
export const edgeDashboard: EdgeDashboard = async (segment, seal) => {
  const answer = await dashboardOf(segment, seal)
  if (answer.data) return { status: 200, json: JSON.stringify(answer.data), setCookie: null }
  return { status: 404, json: null, setCookie: answer.sessionEnded ? await endedSessionCookie() : null }
}
