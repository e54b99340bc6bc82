// POST /api/v1/{tenant}/account/updateLanguage/ — store the logged-in referrer's language
import { apiHandler } from '@/lib/engine/http/api-handler'
import { updateLanguageRequestSchema } from '@/lib/contracts/account'
import { getReferrerForSession } from '@/lib/engine/referrers/get-referrer-for-session'
import { updateLanguage } from '@/lib/engine/referrers/update-language'
import { methodNotAllowed } from '@/lib/engine/http/method-not-allowed'

export const POST = apiHandler(
  { auth: ['referrer'], body: updateLanguageRequestSchema },
  async ({ tenant, auth, body }) => {
    const referrer = await getReferrerForSession(tenant.slug, auth!)
    return { language: await updateLanguage(referrer, body.Language) }
  },
)

export {
  methodNotAllowed as GET,
  methodNotAllowed as PUT,
  methodNotAllowed as DELETE,
  methodNotAllowed as PATCH,
}
