import 'server-only'
import { ApiError } from '@/lib/errors'
import { localeFromHeader } from '@/lib/i18n/config'
import { errorResponse } from './api-handler'

/**
 * A method a main-API path does not offer: the MethodeNichtErlaubt envelope (405) instead of Next's
 * empty answer. Route files export it under the methods they do not implement.
 */
export async function methodNotAllowed(request: Request): Promise<Response> {
  return errorResponse(
    new ApiError('MethodeNichtErlaubt'),
    localeFromHeader(request.headers.get('x-accept-language')),
  )
}
