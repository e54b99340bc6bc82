// GET /api/v1/{tenant}/account/resendWelcomeMail/{email} — mail the welcome links again
import { apiRoute } from '@/lib/engine/http/api-route'
import { mailLinkHandler } from '@/lib/engine/referrers/mail-link-route'
import { resendWelcomeMail } from '@/lib/engine/referrers/resend-welcome-mail'

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({
  GET: mailLinkHandler((tenant, email) => resendWelcomeMail(tenant, email)),
})
