// POST /api/v1/{tenant}/account/adminLogin — support session: log in as a referrer with an operator's token
import { apiHandler } from '@/lib/engine/http/api-handler'
import { adminLoginRequestSchema, userSchema } from '@/lib/contracts/account'
import { loginByToken } from '@/lib/engine/referrers/login-by-link'
import { apiRoute } from '@/lib/engine/http/api-route'

const handler = apiHandler(
  {
    auth: 'public',
    body: adminLoginRequestSchema,
    response: userSchema,
    errors: ['Abgelaufen', 'TokenBereitsVerwendet'],
  },
  async ({ tenant, body }) => loginByToken(tenant, body.Token, 'admin'),
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ POST: handler })
