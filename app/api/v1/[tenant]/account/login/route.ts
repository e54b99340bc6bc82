// POST /api/v1/{tenant}/account/login — log a referrer in with e-mail and password
import { apiHandler } from '@/lib/engine/http/api-handler'
import { loginRequestSchema } from '@/lib/contracts/account'
import { login } from '@/lib/engine/referrers/login'
import { methodNotAllowed } from '@/lib/engine/http/method-not-allowed'

export const POST = apiHandler({ auth: 'public', body: loginRequestSchema }, async ({ tenant, body }) =>
  login(tenant, body),
)

export {
  methodNotAllowed as GET,
  methodNotAllowed as PUT,
  methodNotAllowed as DELETE,
  methodNotAllowed as PATCH,
}
