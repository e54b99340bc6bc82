// PUT /api/v1/{tenant}/account/validateResetPassword — check a mailed password link without using it
import { apiHandler } from '@/lib/engine/http/api-handler'
import {
  validateResetPasswordRequestSchema,
  validateResetPasswordResponseSchema,
} from '@/lib/contracts/account'
import { validateResetToken } from '@/lib/engine/referrers/validate-reset-token'
import { apiRoute } from '@/lib/engine/http/api-route'

const handler = apiHandler(
  {
    auth: 'public',
    body: validateResetPasswordRequestSchema,
    response: validateResetPasswordResponseSchema,
    errors: ['Abgelaufen'],
  },
  async ({ tenant, body }) => validateResetToken(tenant, body.Token),
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ PUT: handler })
