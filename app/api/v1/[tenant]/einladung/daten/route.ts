// GET /api/v1/{tenant}/Einladung/daten?t= — the invited customer's data for the portal's forms (the mailed link's token)
import { invitationDataSchema, invitationTokenQuerySchema } from '@/lib/contracts/invitation'
import { apiHandler } from '@/lib/engine/http/api-handler'
import { apiRoute } from '@/lib/engine/http/api-route'
import { invitationData } from '@/lib/engine/agency/invitations/invitation-data'

const get = apiHandler(
  {
    auth: 'public',
    query: invitationTokenQuerySchema,
    response: invitationDataSchema,
    errors: ['EinladungUngueltig'],
  },
  ({ tenant, query }) => invitationData(tenant, query.t),
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ GET: get })
