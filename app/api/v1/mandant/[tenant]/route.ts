// GET /api/v1/mandant/{tenant} — the tenant's public configuration (never a secret)
import { apiHandler } from '@/lib/engine/http/api-handler'
import { apiRoute } from '@/lib/engine/http/api-route'
import { toPublicConfig } from '@/lib/tenants/settings'

const handler = apiHandler({ auth: 'public' }, async ({ tenant }) =>
  toPublicConfig(tenant.slug, tenant.settings),
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ GET: handler })
