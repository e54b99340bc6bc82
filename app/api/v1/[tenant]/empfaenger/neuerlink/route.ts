// POST /api/v1/{tenant}/empfaenger/neuerlink {Token} — a used confirmation link asks for a new one, mailed
// to the address the friend proved
import { apiHandler } from '@/lib/engine/http/api-handler'
import { apiRoute } from '@/lib/engine/http/api-route'
import { mailAcceptedSchema } from '@/lib/contracts/account'
import { confirmRecipientRequestSchema } from '@/lib/contracts/recipient'
import { renewRecipientLink, RENEW_RECIPIENT_LINK_ERRORS } from '@/lib/engine/recipients/renew-recipient-link'

const handler = apiHandler(
  {
    auth: 'public',
    body: confirmRecipientRequestSchema,
    response: mailAcceptedSchema,
    errors: RENEW_RECIPIENT_LINK_ERRORS,
  },
  async ({ tenant, locale, body }) => renewRecipientLink(tenant, body.Token, { locale }),
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ POST: handler })
