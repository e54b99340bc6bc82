// POST /api/v1/{tenant}/account/updateLanguage/ — store the logged-in referrer's language
import { apiHandler } from '@/lib/engine/http/api-handler'
import { updateLanguageRequestSchema, updateLanguageResponseSchema } from '@/lib/contracts/account'
import { getReferrerForSession } from '@/lib/engine/referrers/get-referrer-for-session'
import { updateLanguage } from '@/lib/engine/referrers/update-language'
import { apiRoute } from '@/lib/engine/http/api-route'

const handler = apiHandler(
  { auth: ['referrer'], body: updateLanguageRequestSchema, response: updateLanguageResponseSchema },
  async ({ tenant, auth, body }) => {
    const referrer = await getReferrerForSession(tenant.slug, auth!)
    return { language: await updateLanguage(referrer, body.Language) }
  },
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ POST: handler })
