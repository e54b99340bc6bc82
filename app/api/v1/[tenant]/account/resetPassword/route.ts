// PUT /api/v1/{tenant}/account/resetPassword — set a password with a mailed link; logs in
import { apiHandler } from '@/lib/engine/http/api-handler'
import { resetPasswordRequestSchema, userSchema } from '@/lib/contracts/account'
import { resetPassword } from '@/lib/engine/referrers/reset-password'
import { apiRoute } from '@/lib/engine/http/api-route'

const handler = apiHandler(
  { auth: 'public', body: resetPasswordRequestSchema, response: userSchema, errors: ['Abgelaufen'] },
  async ({ tenant, body }) => resetPassword(tenant, body),
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ PUT: handler })
