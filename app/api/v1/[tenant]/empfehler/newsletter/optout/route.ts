// PUT /api/v1/{tenant}/empfehler/newsletter/optout — unsubscribe (logged in, or with the mailed link)
import { apiHandler } from '@/lib/engine/http/api-handler'
import { ApiError } from '@/lib/shared/errors'
import { newsletterOptoutRequestSchema, newsletterStatusSchema } from '@/lib/contracts/account'
import { getReferrerForSession } from '@/lib/engine/referrers/get-referrer-for-session'
import { readOptoutToken } from '@/lib/engine/referrers/newsletter'
import { optOutNewsletter } from '@/lib/engine/referrers/opt-out-newsletter'
import { apiRoute } from '@/lib/engine/http/api-route'

const handler = apiHandler(
  { auth: 'public', body: newsletterOptoutRequestSchema, response: newsletterStatusSchema },
  async ({ tenant, auth, body }) => {
    if (body.Token !== undefined) {
      const referrerId = readOptoutToken(body.Token)
      if (!referrerId) throw new ApiError('NichtAuthorisiert')
      return optOutNewsletter(tenant, referrerId)
    }
    if (!auth) throw new ApiError('PSOF0204')
    return optOutNewsletter(tenant, await getReferrerForSession(tenant.slug, auth))
  },
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ PUT: handler })
