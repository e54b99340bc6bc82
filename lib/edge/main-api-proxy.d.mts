import type { IncomingMessage, ServerResponse } from 'node:http'

export declare function mainApiProxyStep(
  mainApiUrl: string | undefined,
  ownPort: number,
): ((req: IncomingMessage, res: ServerResponse) => Promise<boolean>) | null
