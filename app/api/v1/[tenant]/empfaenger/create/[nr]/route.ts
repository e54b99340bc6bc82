// POST /api/v1/{tenant}/empfaenger/create/{nr}?channel= — the recipient's data for a recommendation;
// answers the Empfaengernummer and the marker the portal keeps, and mails the confirmation link
import { z } from 'zod'
import { apiHandler, parseOrThrow } from '@/lib/engine/http/api-handler'
import { apiRoute } from '@/lib/engine/http/api-route'
import {
  createRecipientQuerySchema,
  recipientDataSchema,
  createdRecipientSchema,
} from '@/lib/contracts/recipient'
import { recommendationNumberSchema } from '@/lib/contracts/recommendation'
import { createRecipient, CREATE_RECIPIENT_ERRORS } from '@/lib/engine/recipients/create-recipient'

const handler = apiHandler(
  {
    auth: 'public',
    body: recipientDataSchema,
    query: createRecipientQuerySchema,
    response: createdRecipientSchema,
    errors: CREATE_RECIPIENT_ERRORS,
  },
  async ({ tenant, locale, params, body, query }) => {
    const { nr } = parseOrThrow(z.object({ nr: recommendationNumberSchema }), { nr: params.nr })
    return createRecipient(tenant, nr, body, { locale, ...query })
  },
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ POST: handler })
