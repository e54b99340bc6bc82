// PUT /api/v1/{tenant}/empfaenger/bestaetigen {Token} — the recipient's confirmation link; answers the
// recipient's own bearer token for the consent and the order
import { apiHandler } from '@/lib/engine/http/api-handler'
import { apiRoute } from '@/lib/engine/http/api-route'
import { confirmRecipientRequestSchema, confirmRecipientResponseSchema } from '@/lib/contracts/recipient'
import { confirmRecipient } from '@/lib/engine/recipients/confirm-recipient'

const handler = apiHandler(
  {
    auth: 'public',
    body: confirmRecipientRequestSchema,
    response: confirmRecipientResponseSchema,
    errors: ['Abgelaufen', 'TokenBereitsVerwendet'],
  },
  async ({ tenant, body }) => confirmRecipient(tenant, body.Token),
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ PUT: handler })
