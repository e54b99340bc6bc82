import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Duplex } from 'node:stream'

export declare function errorText(code: string, locale?: 'de' | 'en'): string
export declare function isMainApiPath(url: string | undefined): boolean
export declare const SECURITY_HEADERS: [string, string][]
export declare const awaitingContinue: WeakSet<IncomingMessage>
export declare function letBodyCome(req: IncomingMessage, res: ServerResponse): void
export declare function hasBody(req: IncomingMessage): boolean
export declare function refuse(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  code: string,
  headers?: Record<string, string>,
): true
export declare function failSafe(req: IncomingMessage, res: ServerResponse, error: unknown): void
export declare function refuseClientError(error: Error & { code?: string }, socket: Duplex): void
