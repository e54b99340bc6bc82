// POST /api/v1/{tenant}/operator/anbieterschluessel {Bezeichnung} — operator: a new provider key for
// order reports, answered once (only its hash is stored)
import { z } from 'zod'
import { singleLine } from '@/lib/contracts/text-input'
import { apiHandler } from '@/lib/engine/http/api-handler'
import { apiRoute } from '@/lib/engine/http/api-route'
import { createProviderKey } from '@/lib/engine/rewards/provider-keys'
import { providerKeySchema } from '@/lib/contracts/operator'

const body = z.object({ Bezeichnung: singleLine({ min: 1, max: 100 }) })

const handler = apiHandler(
  { auth: 'operator', body, response: providerKeySchema },
  async ({ tenant, body }) => createProviderKey(tenant, body.Bezeichnung),
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ POST: handler })
