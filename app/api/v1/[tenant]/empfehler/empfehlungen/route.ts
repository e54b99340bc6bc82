// GET /api/v1/{tenant}/empfehler/empfehlungen/ — the logged-in referrer's recommendations
import { apiHandler } from '@/lib/engine/http/api-handler'
import { apiRoute } from '@/lib/engine/http/api-route'
import { listRecommendations } from '@/lib/engine/recommendations/list-recommendations'
import { recommendationsSchema } from '@/lib/contracts/recommendation'

const handler = apiHandler(
  { auth: ['referrer'], response: recommendationsSchema },
  async ({ tenant, auth }) => listRecommendations(tenant, auth!),
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ GET: handler })
