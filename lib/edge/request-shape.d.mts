import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http'

export declare const MAX_URL_LENGTH: number
export declare function targetProblem(url: string): { status: number; reason: string } | null
export declare function headerProblem(headers: IncomingHttpHeaders): string | null
export declare function step(req: IncomingMessage, res: ServerResponse): Promise<boolean>
