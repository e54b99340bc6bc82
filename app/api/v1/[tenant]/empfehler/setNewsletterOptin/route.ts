// PUT /api/v1/{tenant}/empfehler/setNewsletterOptin — send the newsletter double opt-in mail
import { apiHandler } from '@/lib/engine/http/api-handler'
import { getReferrerForSession } from '@/lib/engine/referrers/get-referrer-for-session'
import { requestNewsletterOptin } from '@/lib/engine/referrers/request-newsletter-optin'
import { apiRoute } from '@/lib/engine/http/api-route'
import { newsletterStatusSchema } from '@/lib/contracts/account'

const handler = apiHandler(
  {
    auth: ['referrer'],
    response: newsletterStatusSchema,
    errors: ['OptinMailAlreadySent', 'OptinAlreadySet'],
  },
  async ({ tenant, auth }) => requestNewsletterOptin(tenant, await getReferrerForSession(tenant.slug, auth!)),
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ PUT: handler })
