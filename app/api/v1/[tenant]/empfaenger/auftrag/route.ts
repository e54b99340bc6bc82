// GET /api/v1/{tenant}/empfaenger/auftrag — the recipient's recommendation and whether an order came
import { apiHandler } from '@/lib/engine/http/api-handler'
import { apiRoute } from '@/lib/engine/http/api-route'
import { recipientOrder } from '@/lib/engine/recipients/recipient-order'
import { recipientOrderSchema } from '@/lib/contracts/recipient'

const handler = apiHandler(
  { auth: ['recipient'], response: recipientOrderSchema, errors: ['NichtGefunden'] },
  async ({ tenant, auth }) => recipientOrder(tenant, auth!),
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ GET: handler })
