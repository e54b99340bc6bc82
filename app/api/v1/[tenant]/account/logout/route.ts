// POST /api/v1/{tenant}/account/logout — end every session of the logged-in referrer
import { apiHandler } from '@/lib/engine/http/api-handler'
import { getReferrerForSession } from '@/lib/engine/referrers/get-referrer-for-session'
import { endSessions } from '@/lib/engine/referrers/end-sessions'
import { apiRoute } from '@/lib/engine/http/api-route'
import { okSchema } from '@/lib/contracts/account'

const handler = apiHandler({ auth: ['referrer'], response: okSchema }, async ({ tenant, auth }) => {
  await endSessions(await getReferrerForSession(tenant.slug, auth!))
  return { ok: true }
})

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ POST: handler })
