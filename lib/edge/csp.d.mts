import type { IncomingMessage, ServerResponse } from 'node:http'

export declare const MAX_HELD_BYTES: number
export declare function frameworkScript(text: string): boolean
export declare function normaliseScriptText(raw: string): string
export declare function scriptHashSources(html: string): { sources: string[]; refused: number }
export declare function withScriptHashes(policy: string, sources: readonly string[]): string
export declare function forgetHashes(): void
export declare function cspHashes(req: IncomingMessage, res: ServerResponse): void
