// GET /api/v1/{tenant}/account/resetPassword/{email} — mail a link to set a new password, or (?zweck=anmeldung) a login link
import { apiRoute } from '@/lib/engine/http/api-route'
import { mailLinkQuerySchema } from '@/lib/contracts/account'
import { mailLinkHandler } from '@/lib/engine/referrers/mail-link-route'
import { requestAccessMail } from '@/lib/engine/referrers/request-access-mail'

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({
  GET: mailLinkHandler(
    (tenant, email, { zweck }) => requestAccessMail(tenant, email, zweck),
    mailLinkQuerySchema,
  ),
})
