// POST /api/v1/{tenant}/content/agenturvariables/{agentur} — operator: set (or with Wert null remove) an agency's text variable
import { z } from 'zod'
import { agencySchema, setTenantVariable, variableNameSchema } from '@/lib/engine/content/set-variables'
import { apiHandler, parseOrThrow } from '@/lib/engine/http/api-handler'
import { apiRoute } from '@/lib/engine/http/api-route'
import { variablesSchema } from '@/lib/contracts/content'

const bodySchema = z.object({ Name: variableNameSchema, Wert: z.string().max(2000).nullable() })

const handler = apiHandler(
  { auth: 'operator', body: bodySchema, response: variablesSchema },
  async ({ tenant, params, body }) => {
    const agentur = parseOrThrow(agencySchema, params.agentur)
    return setTenantVariable(tenant, agentur, body.Name, body.Wert)
  },
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ POST: handler })
