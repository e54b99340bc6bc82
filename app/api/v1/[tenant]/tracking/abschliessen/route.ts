// POST /api/v1/{tenant}/tracking/abschliessen/?channel=co&einsprungsquelle=Einsprungslink — a recipient
// taken on by a sales person (SPEC §3 tracking completion payload)
import { apiHandler } from '@/lib/engine/http/api-handler'
import { apiRoute } from '@/lib/engine/http/api-route'
import { createRecipientQuerySchema, trackingPayloadSchema } from '@/lib/contracts/recipient'
import { createRecipient } from '@/lib/engine/recipients/create-recipient'

const handler = apiHandler(
  { auth: 'public', body: trackingPayloadSchema, query: createRecipientQuerySchema },
  async ({ tenant, locale, body, query }) =>
    createRecipient(tenant, body.empfehlungsnummer, body.empfaengerdaten, {
      locale,
      channel: query.channel ?? 'co',
      einsprungsquelle: query.einsprungsquelle ?? 'Einsprungslink',
    }),
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ POST: handler })
