import 'server-only'
import { handlerMeta, type ApiRouteHandler, type HandlerMeta, type HandlerSchemas } from './api-handler'

/**
 * A main-API handler that stands outside apiHandler checks its callers and input itself; for the API's
 * description (lib/engine/http/openapi) it declares here what apiHandler's options would have said.
 * handlerMeta stays undefined for it: the declaration describes, it does not make the handler
 * apiHandler's.
 */
export type HandlerDeclaration = Pick<HandlerMeta, 'auth' | 'errors'> & HandlerSchemas

const declarations = new WeakMap<object, HandlerMeta>()

export function declareHandler<H extends ApiRouteHandler>(handler: H, declaration: HandlerDeclaration): H {
  const { auth, errors, ...schemas } = declaration
  declarations.set(handler, {
    auth,
    errors,
    body: Boolean(schemas.body ?? schemas.ownBody),
    query: Boolean(schemas.query),
    schemas,
  })
  return handler
}

/** What a handler declared: apiHandler's options, or a declaration of a handler outside it. */
export function declaredMeta(handler: unknown): HandlerMeta | undefined {
  return handlerMeta(handler) ?? (typeof handler === 'function' ? declarations.get(handler) : undefined)
}
