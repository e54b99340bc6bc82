// DELETE /api/v1/{tenant}/operator/anbieterschluessel/{id} — operator: revoke a provider key
import { z } from 'zod'
import { apiHandler, parseOrThrow } from '@/lib/engine/http/api-handler'
import { apiRoute } from '@/lib/engine/http/api-route'
import { revokeProviderKey } from '@/lib/engine/rewards/provider-keys'
import { providerKeyRevokedSchema } from '@/lib/contracts/operator'

const handler = apiHandler(
  { auth: 'operator', response: providerKeyRevokedSchema, errors: ['NichtGefunden'] },
  async ({ tenant, params }) => revokeProviderKey(tenant, parseOrThrow(z.uuid(), params.id)),
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ DELETE: handler })
