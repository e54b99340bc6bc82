import type { IncomingMessage, ServerResponse } from 'node:http'
import type { DashboardRead } from '../shared/edge-dashboard'

export declare function dashboardEdgeStep(options?: {
  read?: () => DashboardRead | undefined
}): (req: IncomingMessage, res: ServerResponse) => Promise<boolean>

export declare function cookieValue(header: string | undefined, name: string): string | undefined
