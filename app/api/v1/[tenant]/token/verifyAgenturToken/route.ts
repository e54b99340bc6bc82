// GET /api/v1/{tenant}/token/verifyAgenturToken?t= — whether an agency token still stands, and for whom
import { apiHandler } from '@/lib/engine/http/api-handler'
import { apiRoute } from '@/lib/engine/http/api-route'
import { verifiedAgencyTokenSchema, verifyAgencyTokenQuerySchema } from '@/lib/contracts/agency'
import { verifyAgencyToken } from '@/lib/engine/agency/verify-agency-token'

const get = apiHandler(
  { auth: 'public', query: verifyAgencyTokenQuerySchema, response: verifiedAgencyTokenSchema },
  async ({ tenant, query }) => verifyAgencyToken(tenant, query.t),
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ GET: get })
