import 'server-only'
import { z } from 'zod'
import { apiRoute } from '@/lib/engine/http/api-route'
import { declareHandler } from '@/lib/engine/http/declared-handler'
import { buildOpenApiDocument, type RouteModule } from './document'
import { DOCUMENT_ROUTE } from './route-files.mjs'

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

/**
 * The handlers of app/api/v1/openapi.json/route.ts (other methods: 405 MethodeNichtErlaubt) for the
 * route modules it lists, and every route module described: those and its own (`ownComment` is its
 * route file's header comment).
 */
export function openApiRoute(modules: readonly RouteModule[], ownComment: string) {
  let documentText: string | undefined
  const handlers = apiRoute({
    GET: declareHandler(
      async () => {
        documentText ??= JSON.stringify(buildOpenApiDocument(routes).document)
        return new Response(documentText, {
          headers: {
            'Content-Type': 'application/json; charset=utf-8',
            'Cache-Control': 'public, max-age=3600',
          },
        })
      },
      { auth: 'public', response: documentSchema },
    ),
  })
  const routes: RouteModule[] = [...modules, { key: DOCUMENT_ROUTE, comment: ownComment, module: handlers }]
  return { handlers, routes }
}
