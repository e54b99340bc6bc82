// PUT /api/v1/{tenant}/empfehler/newsletter/optin — confirm the newsletter with the mailed link
import { newsletterTokenRequestSchema, newsletterStatusSchema } from '@/lib/contracts/account'
import { confirmNewsletterOptin } from '@/lib/engine/referrers/confirm-newsletter-optin'
import { tokenLinkRoute } from '@/lib/engine/http/api-route'

export const { GET, POST, PUT, DELETE, PATCH } = tokenLinkRoute(confirmNewsletterOptin, {
  body: newsletterTokenRequestSchema,
  response: newsletterStatusSchema,
  errors: ['Abgelaufen', 'NichtAuthorisiert'],
})
