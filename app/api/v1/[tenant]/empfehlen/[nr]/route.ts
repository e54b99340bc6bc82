// GET /api/v1/{tenant}/empfehlen/{nr} — one recommendation of the logged-in referrer
import { z } from 'zod'
import { apiHandler, parseOrThrow } from '@/lib/engine/http/api-handler'
import { apiRoute } from '@/lib/engine/http/api-route'
import { recommendationNumberSchema, recommendationSchema } from '@/lib/contracts/recommendation'
import { getOwnRecommendation } from '@/lib/engine/recommendations/list-recommendations'

const handler = apiHandler(
  { auth: ['referrer'], response: recommendationSchema, errors: ['NichtGefunden'] },
  async ({ tenant, auth, params }) => {
    const { nr } = parseOrThrow(z.object({ nr: recommendationNumberSchema }), { nr: params.nr })
    return getOwnRecommendation(tenant, auth!, nr)
  },
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ GET: handler })
