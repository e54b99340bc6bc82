// GET /api/v1/{tenant}/account/user — the logged-in referrer
import { apiHandler } from '@/lib/engine/http/api-handler'
import { getReferrerForSession } from '@/lib/engine/referrers/get-referrer-for-session'
import { toUser } from '@/lib/engine/referrers/to-user'
import { apiRoute } from '@/lib/engine/http/api-route'
import { userSchema } from '@/lib/contracts/account'

const handler = apiHandler({ auth: ['referrer'], response: userSchema }, async ({ tenant, auth, token }) => {
  const referrer = await getReferrerForSession(tenant.slug, auth!)
  return toUser(referrer, token!, auth!.adm === true)
})

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ GET: handler })
