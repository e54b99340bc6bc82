// PUT /api/v1/{tenant}/empfaenger/zustimmung {AgbText} — the recipient accepts terms and privacy
import { apiHandler } from '@/lib/engine/http/api-handler'
import { apiRoute } from '@/lib/engine/http/api-route'
import { recipientConsentRequestSchema, recipientConsentResponseSchema } from '@/lib/contracts/recipient'
import { recordRecipientConsent } from '@/lib/engine/recipients/recipient-consent'

const handler = apiHandler(
  { auth: ['recipient'], body: recipientConsentRequestSchema, response: recipientConsentResponseSchema },
  async ({ tenant, auth, body }) => recordRecipientConsent(tenant, auth!, body.AgbText),
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ PUT: handler })
