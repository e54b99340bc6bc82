// GET /api/v1/openapi.json — the OpenAPI 3.1 description of the main API, generated from the handlers'
// declarations and zod contracts (public, cacheable; the same for every tenant)
import { openApiRoute } from '@/lib/engine/http/openapi/serve'

export const { GET, POST, PUT, DELETE, PATCH } = openApiRoute
