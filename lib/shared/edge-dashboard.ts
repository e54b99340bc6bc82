/**
 * The seam of the personal area's data read at the edge. server.mjs answers GET /api/dashboard/{tenant}
 * itself, without Next's route handling (lib/edge/dashboard-edge.mjs), through the function the portal
 * offers here (lib/portal/edge-dashboard.ts, wired in instrumentation.ts): it opens the session cookie's
 * value and asks the main API as the route does. The edge reads it from globalThis (it is plain
 * JavaScript outside Next's bundles); without it, Next's route answers.
 */
export type EdgeDashboardAnswer = {
  status: number
  /** The JSON text of the answer (none with a 404). */
  json: string | null
  /** The Set-Cookie value that drops a session the main API ended. */
  setCookie: string | null
}

export type EdgeDashboard = (segment: string, seal: string | undefined) => Promise<EdgeDashboardAnswer>

const KEY = Symbol.for('referral-portal.edge-dashboard')
type Holder = { [KEY]?: EdgeDashboard }

/** Offers the data read to the edge steps of this process (null withdraws it). */
export function offerEdgeDashboard(read: EdgeDashboard | null): void {
  const holder = globalThis as Holder
  if (read) holder[KEY] = read
  else delete holder[KEY]
}
