// GET /api/v1/{tenant}/content/variables/?agentur= — the text variables (name, value) of the tenant
import { z } from 'zod'
import { tenantVariables } from '@/lib/engine/content/tenant-variables'
import { apiHandler } from '@/lib/engine/http/api-handler'
import { apiRoute } from '@/lib/engine/http/api-route'
import { variablesSchema } from '@/lib/contracts/content'

const querySchema = z.object({
  agentur: z
    .string()
    .regex(/^[\w-]{1,40}$/)
    .optional(),
})

const handler = apiHandler(
  { auth: 'public', query: querySchema, response: variablesSchema, errors: ['InhaltNichtVerfuegbar'] },
  async ({ tenant, locale, query }) => {
    const values = await tenantVariables(tenant, locale, query.agentur)
    return Object.entries(values).map(([Name, Wert]) => ({ Name, Wert }))
  },
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ GET: handler })
