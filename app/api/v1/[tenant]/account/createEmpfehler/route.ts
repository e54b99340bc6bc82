// POST /api/v1/{tenant}/account/createEmpfehler — register a referrer (the welcome mail sets the password)
import { apiHandler } from '@/lib/engine/http/api-handler'
import { createEmpfehlerRequestSchema, mailAcceptedSchema } from '@/lib/contracts/account'
import { createReferrer } from '@/lib/engine/referrers/create-referrer'
import { apiRoute } from '@/lib/engine/http/api-route'

const handler = apiHandler(
  {
    auth: 'public',
    body: createEmpfehlerRequestSchema,
    response: mailAcceptedSchema,
    errors: ['KontoGesperrtWildcard', 'ZuVieleAnfragen'],
  },
  async ({ tenant, body, locale, ip }) => {
    // The same answer for a new and a registered e-mail (the owner of the latter gets a hint mail).
    await createReferrer(tenant, body, { locale, ip })
    return { ok: true }
  },
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ POST: handler })
