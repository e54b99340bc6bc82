// GET /api/v1/{tenant}/empfehlen/any/{nr}/{hex} — the recommendation of a link with its hex, in any state
import { hexRouteHandler } from '@/lib/engine/recommendations/hex-route'
import { apiRoute } from '@/lib/engine/http/api-route'

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ GET: hexRouteHandler({ any: true }) })
