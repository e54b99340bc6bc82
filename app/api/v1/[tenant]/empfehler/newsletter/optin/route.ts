// PUT /api/v1/{tenant}/empfehler/newsletter/optin — confirm the newsletter with the mailed link
import { apiHandler } from '@/lib/engine/http/api-handler'
import { newsletterTokenRequestSchema, newsletterStatusSchema } from '@/lib/contracts/account'
import { confirmNewsletterOptin } from '@/lib/engine/referrers/confirm-newsletter-optin'
import { apiRoute } from '@/lib/engine/http/api-route'

const handler = apiHandler(
  {
    auth: 'public',
    body: newsletterTokenRequestSchema,
    response: newsletterStatusSchema,
    errors: ['Abgelaufen', 'NichtAuthorisiert'],
  },
  async ({ tenant, body }) => confirmNewsletterOptin(tenant, body.Token),
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ PUT: handler })
