import type { IncomingMessage, ServerResponse } from 'node:http'

export declare function anonymousPageCache(options?: {
  now?: () => number
  ttlMs?: number
  maxEntries?: number
  loggedIn?: (req: IncomingMessage) => Promise<boolean>
}): {
  step: (req: IncomingMessage, res: ServerResponse) => Promise<boolean>
  wrap: (req: IncomingMessage, res: ServerResponse) => void
  clear: () => void
  size: () => number
}
export declare function clearOnTenantChange(cache: { clear: () => void }, settleMs?: number): void
