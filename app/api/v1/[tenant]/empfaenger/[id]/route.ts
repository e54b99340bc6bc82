// GET /api/v1/{tenant}/empfaenger/{hex} — does the recipient the portal remembers still exist?
import { z } from 'zod'
import { apiHandler, parseOrThrow } from '@/lib/engine/http/api-handler'
import { apiRoute } from '@/lib/engine/http/api-route'
import { getStoredRecipient } from '@/lib/engine/recipients/stored-recipient'
import { storedRecipientSchema } from '@/lib/contracts/recipient'

const handler = apiHandler(
  { auth: 'public', response: storedRecipientSchema, errors: ['NichtGefunden'] },
  async ({ tenant, params }) => {
    const { hex } = parseOrThrow(z.object({ hex: z.string().regex(/^[0-9a-f]{32}$/) }), { hex: params.id })
    return getStoredRecipient(tenant, hex)
  },
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ GET: handler })
