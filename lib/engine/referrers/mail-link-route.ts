import 'server-only'
import { z } from 'zod'
import { emailSchema, mailAcceptedSchema } from '@/lib/contracts/account'
import { apiHandler, parseOrThrow } from '@/lib/engine/http/api-handler'
import type { Tenant } from '@/lib/engine/tenants/tenant'

/**
 * GET /account/resendWelcomeMail/{email} and /account/resetPassword/{email} (SPEC §7.2): mail a link to
 * the address in the path. The same answer whether or not the address has an account (waiting for its
 * password), so the call tells nobody which addresses are registered.
 */
export function mailLinkHandler(send: (tenant: Tenant, email: string) => Promise<void>) {
  return apiHandler(
    { auth: 'public', sendsMail: true, response: mailAcceptedSchema },
    async ({ tenant, params }) => {
      const { Email } = parseOrThrow(z.object({ Email: emailSchema }), { Email: params.email })
      await send(tenant, Email)
      return { ok: true }
    },
  )
}
