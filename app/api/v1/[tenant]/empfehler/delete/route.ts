// DELETE /api/v1/{tenant}/empfehler/delete — delete the account and the referrer's personal data
import { apiHandler } from '@/lib/engine/http/api-handler'
import { deleteReferrer } from '@/lib/engine/referrers/delete-referrer'
import { getReferrerForSession } from '@/lib/engine/referrers/get-referrer-for-session'
import { apiRoute } from '@/lib/engine/http/api-route'
import { okSchema } from '@/lib/contracts/account'

const handler = apiHandler({ auth: ['referrer'], response: okSchema }, async ({ tenant, auth }) => {
  const referrer = await getReferrerForSession(tenant.slug, auth!)
  await deleteReferrer(tenant, referrer, auth!.adm ? 'support' : 'self')
  return { ok: true }
})

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ DELETE: handler })
