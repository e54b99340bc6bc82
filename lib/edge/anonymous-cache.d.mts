import type { IncomingMessage, ServerResponse } from 'node:http'

export declare const TTL_MS: number
export declare const MAX_ENTRIES: number
export declare const MAX_BODY_BYTES: number
export declare function anonymousPageCache(options?: {
  now?: () => number
  ttlMs?: number
  maxEntries?: number
}): {
  step: (req: IncomingMessage, res: ServerResponse) => Promise<boolean>
  wrap: (req: IncomingMessage, res: ServerResponse) => void
  clear: () => void
  size: () => number
}
export declare function clearOnTenantChange(cache: { clear: () => void }): void
