import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import type { ZodType } from 'zod'
import { handlerMeta, type HandlerMeta } from '@/lib/engine/http/api-handler'
import { methodNotAllowed } from '@/lib/engine/http/api-route'
import { declaredSchemas } from './declared-schemas'

/**
 * Every main-API call, read from the route files under app/api/v1 and the options their handlers
 * declare (handlerMeta): a new route file or method is fuzzed without an entry here. A method a path
 * does not offer (apiRoute's 405 answer) is not a call.
 */

export const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const
export type Method = (typeof METHODS)[number]

/** A segment of a route's path: fixed text, a parameter ([nr]) or a catch-all ([[...rest]]). */
export type Segment =
  | { kind: 'static'; value: string }
  | { kind: 'param'; name: string }
  | { kind: 'rest'; name: string; optional: boolean }

export type ApiCall = {
  /** "POST /api/v1/{tenant}/empfehlen/create" */
  name: string
  method: Method
  segments: Segment[]
  /** The handler's declared options; null for a handler that apiHandler did not make. */
  meta: HandlerMeta | null
  /** The zod schemas the handler declared (declared-schemas.ts), to make input close to the valid. */
  body?: ZodType
  query?: ZodType
}

const API_ROOT = path.resolve('app/api/v1')

function routeFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((entry) => {
      const full = path.join(dir, entry)
      if (statSync(full).isDirectory()) return routeFiles(full)
      return entry === 'route.ts' ? [full] : []
    })
}

function segmentsOf(file: string): Segment[] {
  const relative = path.relative(path.resolve('app'), path.dirname(file))
  return relative.split(path.sep).map((part): Segment => {
    const rest = /^\[(\[)?\.\.\.(\w+)\]\]?$/.exec(part)
    if (rest) return { kind: 'rest', name: rest[2]!, optional: Boolean(rest[1]) }
    const param = /^\[(\w+)\]$/.exec(part)
    if (param) return { kind: 'param', name: param[1]! }
    return { kind: 'static', value: part }
  })
}

export function templateOf(segments: Segment[]): string {
  return `/${segments
    .map((s) => (s.kind === 'static' ? s.value : s.kind === 'param' ? `{${s.name}}` : `{...${s.name}}`))
    .join('/')}`
}

/**
 * The body schema of a handler that reads its body itself (`parseOrThrow(schema, parseJson(text))`),
 * looked up where the route file imports it from.
 */
function bodySchemaInSource(file: string): ZodType | undefined {
  const source = readFileSync(file, 'utf8')
  const name = /parseOrThrow\(\s*(\w+)\s*,\s*(?:parseJson\(|await readJson\()/.exec(source)?.[1]
  if (!name) return undefined
  const from = new RegExp(`import\\s*\\{[^}]*\\b${name}\\b[^}]*\\}\\s*from\\s*'([^']+)'`).exec(source)?.[1]
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return from ? (require(from) as Record<string, ZodType | undefined>)[name] : undefined
}

/**
 * Every call of every route file, in a stable order: each method a route file answers other than with
 * apiRoute's 405, also one whose handler apiHandler did not make (meta null). Synchronous (require), so a
 * test file can make one test per call while Jest collects its tests.
 */
export function apiCalls(): ApiCall[] {
  const calls: ApiCall[] = []
  for (const file of routeFiles(API_ROOT)) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const mod = require(file) as Partial<Record<Method, unknown>>
    const segments = segmentsOf(file)
    for (const method of METHODS) {
      const handler = mod[method]
      if (typeof handler !== 'function' || handler === methodNotAllowed) continue
      const declared = declaredSchemas(handler)
      const body = declared.body ?? (method === 'GET' ? undefined : bodySchemaInSource(file))
      const name = `${method} ${templateOf(segments)}`
      calls.push({ name, method, segments, meta: handlerMeta(handler) ?? null, body, query: declared.query })
    }
  }
  return calls
}
