import 'server-only'
import { z } from 'zod'
import { apiRoute } from '@/lib/engine/http/api-route'
import { declareHandler } from '@/lib/engine/http/declared-handler'
import { buildOpenApiDocument, type RouteModule } from './document'
import { DOCUMENT_ROUTE } from './route-files.mjs'
import { DOCUMENT_ROUTE_COMMENT, ROUTE_MODULES } from './route-modules'

/**
 * GET /api/v1/openapi.json: the description of the main API, the same for every tenant (paths name
 * the tenant as a parameter), so it is public and cacheable. Built once per server process: it
 * changes only with a new build.
 */

const documentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.looseObject({})),
  components: z.looseObject({}),
})

let documentText: string | undefined

const getDocument = declareHandler(
  async () => {
    documentText ??= JSON.stringify(buildOpenApiDocument(describedRoutes()).document)
    return new Response(documentText, {
      headers: {
        'Content-Type': 'application/json; charset=utf-8',
        'Cache-Control': 'public, max-age=3600',
      },
    })
  },
  { auth: 'public', response: documentSchema },
)

/** The handlers of app/api/v1/openapi.json/route.ts (other methods: 405 MethodeNichtErlaubt). */
export const openApiRoute = apiRoute({ GET: getDocument })

/** Every route module under app/api/v1: the generated list and the description's own. */
export function describedRoutes(): RouteModule[] {
  return [...ROUTE_MODULES, { key: DOCUMENT_ROUTE, comment: DOCUMENT_ROUTE_COMMENT, module: openApiRoute }]
}
