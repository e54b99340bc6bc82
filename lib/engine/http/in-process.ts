import 'server-only'
import type { RouteModule } from '@/lib/engine/http/openapi/document'
import type { InProcessApi } from '@/lib/shared/in-process-api'
import { ApiError } from '@/lib/shared/errors'
import { localeFromHeader } from '@/lib/i18n/config'
import { API_CAPITALISED } from '@/lib/routes/api-capitalised.mjs'
import { errorResponse } from './api-handler'
import { methodNotAllowed } from './api-route'

/** The prefix every main-API path starts with. */
const API_PREFIX = '/api/v1/'
/**
 * The capitalised words of SPEC paths after the tenant, answered by their lower-case routes as over HTTP,
 * where next.config.mjs rewrites them in any letter case (Next matches rewrites regardless of case).
 */
const CAPITALISED = new Set<string>(API_CAPITALISED.map((word) => word.toLowerCase()))

type Part = { text: string } | { param: string } | { rest: string; optional: boolean }
type Route = { parts: Part[]; module: RouteModule['module'] }
type Handler = (
  request: Request,
  context: { params: Promise<Record<string, string | string[]>> },
) => Promise<Response>

function partsOf(key: string): Part[] {
  return key.split('/').map((segment): Part => {
    const rest = /^\[(\[)?\.\.\.(\w+)\]?\]$/.exec(segment)
    if (rest) return { rest: rest[2]!, optional: Boolean(rest[1]) }
    const param = /^\[(\w+)\]$/.exec(segment)?.[1]
    return param ? { param } : { text: segment }
  })
}

/** Next's order among routes that fit a path: a fixed segment before a parameter before a catch-all. */
function rank(part: Part): number {
  return 'text' in part ? 0 : 'param' in part ? 1 : 2
}

function byPrecedence(a: Route, b: Route): number {
  for (let i = 0; i < Math.max(a.parts.length, b.parts.length); i++) {
    const pa = a.parts[i]
    const pb = b.parts[i]
    if (!pa || !pb) return pa ? 1 : -1
    const diff = rank(pa) - rank(pb)
    if (diff !== 0) return diff
  }
  return 0
}

/** The path's parameters where the route fits it (segments already decoded), else null. */
function fit(parts: Part[], segments: string[]): Record<string, string | string[]> | null {
  const params: Record<string, string | string[]> = {}
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!
    if ('rest' in part) {
      const rest = segments.slice(i)
      if (rest.length === 0 && !part.optional) return null
      if (rest.length > 0) params[part.rest] = rest
      return params
    }
    const segment = segments[i]
    if (segment === undefined) return null
    if ('text' in part) {
      if (part.text !== segment) return null
    } else params[part.param] = segment
  }
  return parts.length === segments.length ? params : null
}

/**
 * The main API answered in this process: the route whose path fits the request's, chosen as Next's
 * router chooses it, and its handler for the method, with the path's parameters decoded as Next passes
 * them. The route modules are the same the HTTP routes export (app/api/v1/openapi.json/route-modules.ts),
 * so both transports run one set of handlers, with token checks, input parsing and error envelopes.
 */
export function inProcessMainApi(modules: readonly RouteModule[]): InProcessApi {
  const routes: Route[] = modules.map((m) => ({ parts: partsOf(m.key), module: m.module })).sort(byPrecedence)
  return async (request) => {
    const locale = localeFromHeader(request.headers.get('x-accept-language'))
    const { pathname } = new URL(request.url)
    if (!pathname.startsWith(API_PREFIX)) return errorResponse(new ApiError('NichtGefunden'), locale)
    let segments: string[]
    try {
      segments = pathname.slice(API_PREFIX.length).replace(/\/$/, '').split('/').map(decodeURIComponent)
    } catch {
      return errorResponse(new ApiError('UngueltigeEingabe'), locale)
    }
    const word = segments[1]?.toLowerCase()
    if (word && CAPITALISED.has(word)) segments[1] = word
    for (const route of routes) {
      const params = fit(route.parts, segments)
      if (!params) continue
      const handler = route.module[request.method] as Handler | undefined
      if (!handler) return methodNotAllowed(request)
      return handler(request, { params: Promise.resolve(params) })
    }
    return errorResponse(new ApiError('NichtGefunden'), locale)
  }
}
