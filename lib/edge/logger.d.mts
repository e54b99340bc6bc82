import type { AsyncLocalStorage } from 'node:async_hooks'
import type { IncomingHttpHeaders } from 'node:http'
import type { DestinationStream, Logger } from 'pino'

export type RequestScope = { id: string }
export declare const requestScope: AsyncLocalStorage<RequestScope>
export declare function currentRequestId(): string | undefined
export declare function requestIdOf(headers: IncomingHttpHeaders, trusted: boolean): string
export declare function createLogger(destination?: DestinationStream): Logger
export declare function loggablePath(url: string | undefined): string
export declare function loggableError(error: unknown, depth?: number): string
