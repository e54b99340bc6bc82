// POST /api/v1/{tenant}/tracking/abschliessen/?channel=co&einsprungsquelle=Einsprungslink — a recipient
// taken on by the agency's sales person for one of the agency's recommendations (SPEC §3 tracking completion
// payload; an agency token, view EmpfehlerReport), recorded with who completed it
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
    auth: ['agency'],
    agencyView: 'EmpfehlerReport',
    body: trackingPayloadSchema,
    query: createRecipientQuerySchema,
    response: createdRecipientSchema,
    errors: [...CREATE_RECIPIENT_ERRORS, 'NichtGefunden'],
  },
  async ({ tenant, locale, body, query, agency }) =>
    createRecipient(tenant, body.empfehlungsnummer, body.empfaengerdaten, {
      locale,
      completedBy: { agencyUserId: agency!.id, agencyId: agency!.agency.id },
      channel: query.channel ?? 'co',
      einsprungsquelle: query.einsprungsquelle ?? 'Einsprungslink',
    }),
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ POST: handler })
