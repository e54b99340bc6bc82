/**
 * The seam of the personal area's data read at the edge. server.mjs answers GET /api/dashboard/{tenant}
 * itself, without Next's route handling (lib/edge/dashboard-edge.mjs), through the function the portal
 * offers here (dashboardAnswer in lib/portal/dashboard.ts, wired in instrumentation.ts), the one the
 * route answers with too: it opens the session cookie's value and asks the main API. The edge reads it
 * from globalThis (it is plain JavaScript outside Next's bundles); without it, Next's route answers.
 */
export type DashboardAnswer = {
  status: number
  /** The answer's own headers: its caching, its type, the Set-Cookie that drops an ended session. */
  headers: [string, string][]
  /** The JSON text of the answer (none with a 404). */
  body: string | null
}

export type DashboardRead = (segment: string, seal: string | undefined) => Promise<DashboardAnswer>

const KEY = Symbol.for('referral-portal.edge-dashboard')

/** Offers the data read to the edge steps of this process. */
export function offerEdgeDashboard(read: DashboardRead): void {
  ;(globalThis as { [KEY]?: DashboardRead })[KEY] = read
}
