import type { ZodType } from 'zod'

/**
 * The zod schemas each main-API handler declares: handlerMeta says only whether there are any, the
 * fuzzer wants them to make input that is valid but for one field. The fuzz test replaces apiHandler
 * by this wrapper (jest.mock), which records them per handler. Kept apart from api-calls.ts, which
 * imports the (mocked) api-handler module itself.
 */

type Schemas = { body?: ZodType; query?: ZodType }
type ApiHandler = (options: Schemas, handler: unknown) => object

const declared = new WeakMap<object, Schemas>()

export function captureSchemas<T extends { apiHandler: unknown }>(actual: T): T {
  const apiHandler: ApiHandler = (options, handler) => {
    const made = (actual.apiHandler as ApiHandler)(options, handler)
    declared.set(made, { body: options.body, query: options.query })
    return made
  }
  return { ...actual, apiHandler }
}

export function declaredSchemas(handler: unknown): Schemas {
  return (typeof handler === 'function' && declared.get(handler)) || {}
}
