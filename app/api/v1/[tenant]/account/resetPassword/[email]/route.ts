// GET /api/v1/{tenant}/account/resetPassword/{email} — mail a link to set a new password
import { z } from 'zod'
import { apiHandler, parseOrThrow } from '@/lib/engine/http/api-handler'
import { emailSchema, mailAcceptedSchema } from '@/lib/contracts/account'
import { requestPasswordReset } from '@/lib/engine/referrers/request-password-reset'
import { apiRoute } from '@/lib/engine/http/api-route'

const handler = apiHandler(
  { auth: 'public', sendsMail: true, response: mailAcceptedSchema },
  async ({ tenant, params }) => {
    const { Email } = parseOrThrow(z.object({ Email: emailSchema }), { Email: params.email })
    // The same answer whether or not the e-mail has an account.
    await requestPasswordReset(tenant, Email)
    return { ok: true }
  },
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ GET: handler })
