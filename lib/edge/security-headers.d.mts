export type HeaderEntry = { key: string; value: string }

export declare function frameOrigins(values: readonly string[] | null | undefined): string[]
export declare function contentSecurityPolicy(ancestors?: readonly string[]): string
export declare function frameOptions(ancestors?: readonly string[]): string | null
export declare const COMMON_SECURITY_HEADERS: readonly HeaderEntry[]
export declare const FRAMING_HEADERS_SELF: readonly HeaderEntry[]
