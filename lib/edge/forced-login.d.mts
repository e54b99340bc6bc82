import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http'

export type TenantPage = { tenant: string; prefix: string; routePath: string }

export declare const POLICY_TTL_MS: number
export declare const SESSION_COOKIE: string
export declare function parseTenantHosts(value: string | undefined): Map<string, string>
export declare function hostNames(headers: IncomingHttpHeaders): string[]
export declare function tenantPages(
  pathname: string,
  hosts: string[],
  mapping: Map<string, string>,
): TenantPage[]
export declare function routePattern(path: string): RegExp
export declare function loginLocation(page: TenantPage, search: URLSearchParams): string
export declare function sessionCookie(header: string | undefined): string
export declare function createForcedLoginStep(options?: {
  fetch?: typeof fetch
  now?: () => number
  tenantHosts?: string
  check?: () => ((tenant: string, seal: string) => Promise<boolean>) | undefined
}): (req: IncomingMessage, res: ServerResponse) => Promise<boolean>
export declare const step: (req: IncomingMessage, res: ServerResponse) => Promise<boolean>
export declare function sealOf(header: string | undefined): string | null
export declare function freshLoginCheck(options?: {
  fetch?: typeof fetch
  tenantHosts?: string
  check?: () => ((tenant: string, seal: string) => Promise<boolean>) | undefined
}): (req: IncomingMessage) => Promise<boolean>
