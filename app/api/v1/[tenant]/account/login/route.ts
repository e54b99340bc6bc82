// POST /api/v1/{tenant}/account/login — log a referrer in with e-mail and password
import { apiHandler } from '@/lib/engine/http/api-handler'
import { loginRequestSchema } from '@/lib/contracts/account'
import { login } from '@/lib/engine/referrers/login'
import { apiRoute } from '@/lib/engine/http/api-route'

const handler = apiHandler({ auth: 'public', body: loginRequestSchema }, async ({ tenant, body }) =>
  login(tenant, body),
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ POST: handler })
