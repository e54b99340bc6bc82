import 'server-only'
import { z, type ZodType } from 'zod'
import { emailSchema, mailAcceptedSchema } from '@/lib/contracts/account'
import { apiHandler, parseOrThrow } from '@/lib/engine/http/api-handler'
import type { Tenant } from '@/lib/engine/tenants/tenant'

/**
 * GET /account/resendWelcomeMail/{email} and /account/resetPassword/{email} (SPEC §7.2): mail a link to
 * the address in the path. The same answer whether or not the address has an account (waiting for its
 * password), so the call tells nobody which addresses are registered. A call with a query declares its
 * schema: an invalid query gets 400 before anything is sent.
 */
export function mailLinkHandler<Q = Record<string, never>>(
  send: (tenant: Tenant, email: string, query: Q) => Promise<void>,
  query?: ZodType<Q>,
) {
  return apiHandler(
    { auth: 'public', sendsMail: true, response: mailAcceptedSchema, query },
    async ({ tenant, params, query: parsed }) => {
      const { Email } = parseOrThrow(z.object({ Email: emailSchema }), { Email: params.email })
      await send(tenant, Email, (parsed ?? {}) as Q)
      return { ok: true }
    },
  )
}
