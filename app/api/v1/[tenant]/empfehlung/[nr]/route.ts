// GET /api/v1/{tenant}/empfehlung/{nr} — what a visitor of a recommendation link sees (any state)
// PUT /api/v1/{tenant}/empfehlung/{nr}?channel= — counts a landing (once per visitor and day)
import { z } from 'zod'
import { apiHandler, parseOrThrow } from '@/lib/engine/http/api-handler'
import { apiRoute } from '@/lib/engine/http/api-route'
import { recommendationNumberSchema } from '@/lib/contracts/recommendation'
import { visitQuerySchema, landingSchema } from '@/lib/contracts/recipient'
import { getLanding, recordVisit } from '@/lib/engine/recommendations/landing'

const nummerOf = (params: Record<string, string>) =>
  parseOrThrow(z.object({ nr: recommendationNumberSchema }), { nr: params.nr }).nr

const get = apiHandler(
  { auth: 'public', response: landingSchema, errors: ['NichtGefunden'] },
  async ({ tenant, params }) => getLanding(tenant, nummerOf(params)),
)

const put = apiHandler(
  { auth: 'public', query: visitQuerySchema, response: landingSchema, errors: ['NichtGefunden'] },
  async ({ tenant, params, query, ip }) =>
    recordVisit(tenant, nummerOf(params), { kind: 'landing', channel: query.channel, ip }),
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ GET: get, PUT: put })
