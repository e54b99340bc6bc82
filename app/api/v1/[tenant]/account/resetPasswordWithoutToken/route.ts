// PUT /api/v1/{tenant}/account/resetPasswordWithoutToken — change the password while logged in
import { apiHandler } from '@/lib/engine/http/api-handler'
import { changePasswordRequestSchema, userSchema } from '@/lib/contracts/account'
import { changePassword } from '@/lib/engine/referrers/change-password'
import { getReferrerForSession } from '@/lib/engine/referrers/get-referrer-for-session'
import { apiRoute } from '@/lib/engine/http/api-route'

const handler = apiHandler(
  {
    auth: ['referrer'],
    body: changePasswordRequestSchema,
    response: userSchema,
    errors: ['PasswortFalsch', 'ZuVieleAnfragen', 'KontoGesperrt'],
  },
  async ({ tenant, auth, body, ip }) => {
    const referrer = await getReferrerForSession(tenant.slug, auth!)
    return changePassword(tenant, referrer, body, { admin: auth!.adm === true, ip })
  },
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ PUT: handler })
