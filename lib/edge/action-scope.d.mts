import type { AsyncLocalStorage } from 'node:async_hooks'

export declare const actionScope: AsyncLocalStorage<{ started: boolean }>
export declare function inActionScope<T>(handle: () => Promise<T>): Promise<T>
export declare function markActionStarted(): void
