// GET /api/v1/{tenant}/account/user — the logged-in referrer
import { apiHandler } from '@/lib/engine/http/api-handler'
import { getReferrerForSession } from '@/lib/engine/referrers/get-referrer-for-session'
import { toUser } from '@/lib/engine/referrers/to-user'
import { methodNotAllowed } from '@/lib/engine/http/method-not-allowed'

export const GET = apiHandler({ auth: ['referrer'] }, async ({ tenant, auth, request }) => {
  const referrer = await getReferrerForSession(tenant.slug, auth!)
  const token = request.headers.get('authorization')!.replace(/^Bearer\s+/i, '')
  return toUser(referrer, token, auth!.adm === true)
})

export {
  methodNotAllowed as POST,
  methodNotAllowed as PUT,
  methodNotAllowed as DELETE,
  methodNotAllowed as PATCH,
}
