// PUT /api/v1/{tenant}/account/validateResetPassword — check a mailed password link without using it
import {
  validateResetPasswordRequestSchema,
  validateResetPasswordResponseSchema,
} from '@/lib/contracts/account'
import { validateResetToken } from '@/lib/engine/referrers/validate-reset-token'
import { tokenLinkRoute } from '@/lib/engine/http/api-route'

export const { GET, POST, PUT, DELETE, PATCH } = tokenLinkRoute(validateResetToken, {
  body: validateResetPasswordRequestSchema,
  response: validateResetPasswordResponseSchema,
  errors: ['Abgelaufen'],
})
