// POST /api/v1/{tenant}/account/logout — end every session of the logged-in referrer
import { apiHandler } from '@/lib/engine/http/api-handler'
import { getReferrerForSession } from '@/lib/engine/referrers/get-referrer-for-session'
import { endSessions } from '@/lib/engine/referrers/end-sessions'
import { methodNotAllowed } from '@/lib/engine/http/method-not-allowed'

export const POST = apiHandler({ auth: ['referrer'] }, async ({ tenant, auth }) => {
  await endSessions(await getReferrerForSession(tenant.slug, auth!))
  return { ok: true }
})

export {
  methodNotAllowed as GET,
  methodNotAllowed as PUT,
  methodNotAllowed as DELETE,
  methodNotAllowed as PATCH,
}
