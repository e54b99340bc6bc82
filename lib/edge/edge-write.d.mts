import type { IncomingMessage, ServerResponse } from 'node:http'

export declare function writeAnswer(
  req: IncomingMessage,
  res: ServerResponse,
  answer: { status: number; headers: [string, string][]; body: Buffer; widget?: boolean },
): Promise<void>
