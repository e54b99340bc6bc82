// GET /api/v1/openapi.json — the OpenAPI 3.1 description of the main API, generated from the handlers'
// declarations and zod contracts (public, cacheable; the same for every tenant)
import { openApiRoute } from '@/lib/engine/http/openapi/serve'
import { DOCUMENT_ROUTE_COMMENT, ROUTE_MODULES } from './route-modules'

export const { GET, POST, PUT, DELETE, PATCH } = openApiRoute(ROUTE_MODULES, DOCUMENT_ROUTE_COMMENT).handlers
