import 'server-only'
import { ApiError } from '@/lib/shared/errors'
import { localeFromHeader } from '@/lib/i18n/config'
import { errorResponse } from './api-handler'

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
