// POST /api/v1/{tenant}/tracking/abschliessen/?channel=co&einsprungsquelle=Einsprungslink — a recipient
// taken on by a sales person (SPEC §3 tracking completion payload)
import { apiHandler } from '@/lib/engine/http/api-handler'
import { apiRoute } from '@/lib/engine/http/api-route'
import {
  createRecipientQuerySchema,
  trackingPayloadSchema,
  createdRecipientSchema,
} from '@/lib/contracts/recipient'
import { createRecipient, CREATE_RECIPIENT_ERRORS } from '@/lib/engine/recipients/create-recipient'

const handler = apiHandler(
  {
    auth: 'public',
    body: trackingPayloadSchema,
    query: createRecipientQuerySchema,
    response: createdRecipientSchema,
    errors: CREATE_RECIPIENT_ERRORS,
  },
  async ({ tenant, locale, body, query }) =>
    createRecipient(tenant, body.empfehlungsnummer, body.empfaengerdaten, {
      locale,
      channel: query.channel ?? 'co',
      einsprungsquelle: query.einsprungsquelle ?? 'Einsprungslink',
    }),
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ POST: handler })
