import type { IncomingMessage, ServerResponse } from 'node:http'

export declare function actionDecoding(req: IncomingMessage, res: ServerResponse): void
