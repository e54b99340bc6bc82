import type { IncomingMessage, ServerResponse } from 'node:http'

export declare const SERVER_ACTION_LIMIT: number
export declare const DEFAULT_LIMIT: number
export declare function decodedAsAction(req: IncomingMessage): boolean
export declare function isServerAction(req: IncomingMessage): boolean
export declare function bodyLimit(req: IncomingMessage): number
export declare function holdBody(req: IncomingMessage, limit: number): Promise<'held' | 'over' | 'gone'>
export declare function step(req: IncomingMessage, res: ServerResponse): Promise<boolean>
