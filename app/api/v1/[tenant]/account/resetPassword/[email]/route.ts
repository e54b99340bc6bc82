// GET /api/v1/{tenant}/account/resetPassword/{email} — mail a link to set a new password
import { apiRoute } from '@/lib/engine/http/api-route'
import { mailLinkHandler } from '@/lib/engine/referrers/mail-link-route'
import { requestPasswordReset } from '@/lib/engine/referrers/request-password-reset'

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ GET: mailLinkHandler(requestPasswordReset) })
