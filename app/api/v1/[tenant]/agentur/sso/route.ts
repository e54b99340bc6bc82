// PUT    /api/v1/{tenant}/agentur/sso — exchange the single sign-on code {Code, Verifier} for an agency token
// DELETE /api/v1/{tenant}/agentur/sso — log the agency user out: every token of the person ends
import { apiHandler } from '@/lib/engine/http/api-handler'
import { apiRoute } from '@/lib/engine/http/api-route'
import { agencySsoRequestSchema, agencyUserSchema } from '@/lib/contracts/agency'
import { mailAcceptedSchema } from '@/lib/contracts/account'
import { endAgencySessions, signInAgencyUser } from '@/lib/engine/agency/sign-in'
import { agencyUserForSession } from '@/lib/engine/agency/agency-session'

const put = apiHandler(
  {
    auth: 'public',
    body: agencySsoRequestSchema,
    response: agencyUserSchema,
    errors: [
      'AgenturSsoNichtEingerichtet',
      'AgenturAnmeldungFehlgeschlagen',
      'AgenturKeineRolle',
      'AgenturUnbekannt',
      'AgenturZugangDeaktiviert',
      'NetzwerkFehler',
    ],
  },
  async ({ tenant, body }) => signInAgencyUser(tenant, body),
)

const del = apiHandler({ auth: ['agency'], response: mailAcceptedSchema }, async ({ tenant, auth }) => {
  const user = await agencyUserForSession(tenant.slug, auth!)
  await endAgencySessions(tenant.slug, user.id)
  return { ok: true as const }
})

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ PUT: put, DELETE: del })
