import 'server-only'
import type { Locale } from '@/lib/i18n/config'
import { clientIpOfRequest } from '@/lib/portal/client-ip'

/**
 * What every typed call of the main API takes first: the tenant, the language of the answer, the bearer
 * token (the session's, a recipient's or a reward link's own) and the browser's IP. A call sends only
 * what it needs: the token where it acts for someone, the IP where the engine throttles per IP.
 */
export type ApiContext = { tenant: string; locale: Locale; token?: string; clientIp?: string | null }

/** A context with a bearer token, for the calls that act for someone. */
export type AuthContext = ApiContext & { token: string }

/** The calls whose answer is the same in every language need only the tenant (and maybe token or IP). */
export type TenantContext = Pick<ApiContext, 'tenant'> & Partial<ApiContext>

type Where = { tenant: string; locale: Locale }

/**
 * The context of a screen, action or route, built once: tenant and language of its portal context
 * (`portal.ctx`, or parseTenantParam's answer), and the token of a session (requireSession,
 * applyRouteRules, sessionFor) or of another bearer (`{ token }`). Without a bearer it is anonymous.
 */
export function apiContext(where: Where, bearer: { token: string }): AuthContext
export function apiContext(where: Where, bearer?: { token: string } | null): ApiContext
export function apiContext(where: Where, bearer?: { token: string } | null): ApiContext {
  const context: ApiContext = { tenant: where.tenant, locale: where.locale }
  return bearer ? { ...context, token: bearer.token } : context
}

/**
 * The context with the browser's IP as this server received it (lib/portal/client-ip.ts), for server
 * actions whose calls the engine counts per IP (login, recommendation, contact, code, password change).
 */
export async function withClientIp<C extends ApiContext>(
  context: C,
): Promise<C & { clientIp: string | null }> {
  return { ...context, clientIp: await clientIpOfRequest() }
}
