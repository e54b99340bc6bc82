// PUT /api/v1/{tenant}/empfaenger/bestaetigen {Token} — the recipient's confirmation link; answers the
// recipient's own bearer token for the consent and the order
import { tokenLinkRoute } from '@/lib/engine/http/api-route'
import { confirmRecipientRequestSchema, confirmRecipientResponseSchema } from '@/lib/contracts/recipient'
import { confirmRecipient } from '@/lib/engine/recipients/confirm-recipient'

export const { GET, POST, PUT, DELETE, PATCH } = tokenLinkRoute(confirmRecipient, {
  body: confirmRecipientRequestSchema,
  response: confirmRecipientResponseSchema,
  errors: ['Abgelaufen', 'TokenBereitsVerwendet'],
})
