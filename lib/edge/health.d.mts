import type { IncomingMessage, ServerResponse } from 'node:http'

export type Readiness = { ready: boolean; checks: Record<string, string> }
export declare function healthStep(options?: {
  stopping?: () => boolean
  readiness?: () => (() => Promise<Readiness>) | undefined
}): (req: IncomingMessage, res: ServerResponse) => Promise<boolean>
