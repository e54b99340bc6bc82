// GET /api/v1/{tenant}/empfehlen/click/{nr}?channel=&empfaengernummer= — a link address (SPEC §7.5 "URL
// only"): counts the click with its channel and sends the browser on to the recommendation's page
import { z } from 'zod'
import { apiHandler, parseOrThrow } from '@/lib/engine/http/api-handler'
import { apiRoute } from '@/lib/engine/http/api-route'
import { recommendationNumberSchema } from '@/lib/contracts/recommendation'
import { visitQuerySchema } from '@/lib/contracts/recipient'
import { ApiError } from '@/lib/shared/errors'
import { recordVisit } from '@/lib/engine/recommendations/landing'
import { recommendationLink } from '@/lib/engine/recommendations/recommendation-link'

const handler = apiHandler(
  { auth: 'public', query: visitQuerySchema, response: { redirect: true } },
  async ({ tenant, params, query, ip }) => {
    const { nr } = parseOrThrow(z.object({ nr: recommendationNumberSchema }), { nr: params.nr })
    try {
      await recordVisit(tenant, nr, { kind: 'click', channel: query.channel, ip })
    } catch (error) {
      // An unknown number still goes on: the portal's page says it does not exist.
      if (!(error instanceof ApiError && error.code === 'NichtGefunden')) throw error
    }
    const target = new URL(recommendationLink(tenant, nr))
    if (query.channel) target.searchParams.set('channel', query.channel)
    return new Response(null, {
      status: 302,
      headers: { Location: target.toString(), 'Cache-Control': 'no-store' },
    })
  },
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ GET: handler })
