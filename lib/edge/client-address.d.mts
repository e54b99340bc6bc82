import type { IncomingMessage } from 'node:http'

export declare const MAX_PROXY_HOPS: number
export declare function parseTrustedProxyHops(value: string | undefined): number
export declare function trustedProxyHops(): number
export declare function plainAddress(value: string | undefined | null): string | null
export declare function clientAddress(
  socketAddress: string | undefined,
  forwardedFor: string | string[] | undefined,
  hops: number,
): string
export declare function step(req: IncomingMessage): Promise<boolean>
