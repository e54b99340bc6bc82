import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http'

export declare function requestHost(headers: IncomingHttpHeaders): string
export declare function sameSite(origin: string | undefined, host: string): boolean
export declare function step(req: IncomingMessage, res: ServerResponse): Promise<boolean>
