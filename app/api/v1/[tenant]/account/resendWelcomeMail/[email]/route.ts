// GET /api/v1/{tenant}/account/resendWelcomeMail/{email} — mail the welcome links again
import { z } from 'zod'
import { apiHandler, parseOrThrow } from '@/lib/engine/http/api-handler'
import { emailSchema, mailAcceptedSchema } from '@/lib/contracts/account'
import { resendWelcomeMail } from '@/lib/engine/referrers/resend-welcome-mail'
import { apiRoute } from '@/lib/engine/http/api-route'

const handler = apiHandler(
  { auth: 'public', sendsMail: true, response: mailAcceptedSchema },
  async ({ tenant, params }) => {
    const { Email } = parseOrThrow(z.object({ Email: emailSchema }), { Email: params.email })
    // The same answer whether or not the e-mail has an account waiting for its password.
    await resendWelcomeMail(tenant, Email)
    return { ok: true }
  },
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ GET: handler })
