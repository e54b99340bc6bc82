import type { IncomingMessage, ServerResponse } from 'node:http'

export declare function profileStep(
  enabled?: boolean,
): ((req: IncomingMessage, res: ServerResponse) => Promise<boolean>) | null
