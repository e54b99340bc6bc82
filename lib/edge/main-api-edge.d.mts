import type { IncomingMessage, ServerResponse } from 'node:http'

export declare function mainApiEdgeStep(options?: {
  api?: () => ((request: Request) => Promise<Response>) | undefined
}): (req: IncomingMessage, res: ServerResponse) => Promise<boolean>
