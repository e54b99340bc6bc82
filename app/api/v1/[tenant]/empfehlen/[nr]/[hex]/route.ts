// GET /api/v1/{tenant}/empfehlen/{nr}/{hex} — the recommendation of a link with its hex, while it can
// be followed (EmpfehlungAbgelaufen, EmpfehlungGesperrt otherwise)
import { hexRouteHandler } from '@/lib/engine/recommendations/hex-route'
import { apiRoute } from '@/lib/engine/http/api-route'

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ GET: hexRouteHandler({ any: false }) })
