import 'server-only'
import type { ZodType } from 'zod'
import { ApiError, type ErrorCode } from '@/lib/shared/errors'
import { localeFromHeader } from '@/lib/i18n/config'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import { apiHandler, errorResponse } from './api-handler'

type Handler = (
  request: Request,
  context: { params: Promise<Record<string, string | string[] | undefined>> },
) => Promise<Response>
const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const
type Method = (typeof METHODS)[number]

/** A method a path does not offer: the MethodeNichtErlaubt envelope (405) instead of Next's empty answer. */
export async function methodNotAllowed(request: Request): Promise<Response> {
  return errorResponse(
    new ApiError('MethodeNichtErlaubt'),
    localeFromHeader(request.headers.get('x-accept-language')),
  )
}

/**
 * The handlers of one main-API path for every method, so every answer stays in the envelope:
 * `export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ GET: apiHandler(…) })`.
 * Methods the path does not offer answer with `otherwise` (405 MethodeNichtErlaubt by default).
 */
export function apiRoute(handlers: Partial<Record<Method, Handler>>, otherwise: Handler = methodNotAllowed) {
  return Object.fromEntries(METHODS.map((m) => [m, handlers[m] ?? otherwise])) as Record<Method, Handler>
}

/** What a call with a body declares besides its callers: the body it parses, its answer, its own errors. */
type BodyCall<B, R> = { body: ZodType<B>; response: ZodType<unknown, R>; errors: readonly ErrorCode[] }

/**
 * The call behind a mailed link (confirmations, password links): a public PUT of {Token}, answered by one
 * engine verb of the tenant and that token.
 */
export function tokenLinkRoute<R>(
  verb: (tenant: Tenant, token: string) => Promise<R>,
  call: BodyCall<{ Token: string }, R>,
) {
  return apiRoute({
    PUT: apiHandler({ auth: 'public', ...call }, async ({ tenant, body }) => verb(tenant, body.Token)),
  })
}

/** An operator's call with a body (support tools): one method, answered by one engine verb of the tenant and the body. */
export function operatorRoute<B, R>(
  method: Method,
  verb: (tenant: Tenant, body: B) => Promise<R>,
  call: BodyCall<B, R>,
) {
  return apiRoute({
    [method]: apiHandler({ auth: 'operator', ...call }, async ({ tenant, body }) => verb(tenant, body)),
  })
}
