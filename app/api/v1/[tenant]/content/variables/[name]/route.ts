// POST /api/v1/{tenant}/content/variables/{name} — operator: set (or with Wert null remove) a text variable
import { z } from 'zod'
import { setTenantVariable, variableNameSchema } from '@/lib/engine/content/set-variables'
import { apiHandler, parseOrThrow } from '@/lib/engine/http/api-handler'
import { apiRoute } from '@/lib/engine/http/api-route'
import { variablesSchema } from '@/lib/contracts/content'

const bodySchema = z.object({ Wert: z.string().max(2000).nullable() })

const handler = apiHandler(
  { auth: 'operator', body: bodySchema, response: variablesSchema },
  async ({ tenant, params, body }) => {
    const name = parseOrThrow(variableNameSchema, params.name)
    return setTenantVariable(tenant, null, name, body.Wert)
  },
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ POST: handler })
