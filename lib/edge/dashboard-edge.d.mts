import type { IncomingMessage, ServerResponse } from 'node:http'
import type { EdgeDashboard } from '../shared/edge-dashboard'

export declare function dashboardEdgeStep(options?: {
  read?: () => EdgeDashboard | undefined
}): (req: IncomingMessage, res: ServerResponse) => Promise<boolean>
