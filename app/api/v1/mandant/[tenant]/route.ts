// GET /api/v1/mandant/{tenant} — the tenant's public configuration (never a secret)
import { apiHandler } from '@/lib/engine/http/api-handler'
import { methodNotAllowed } from '@/lib/engine/http/method-not-allowed'
import { toPublicConfig } from '@/lib/tenants/settings'

export const GET = apiHandler({ auth: 'public' }, async ({ tenant }) =>
  toPublicConfig(tenant.slug, tenant.settings),
)

export {
  methodNotAllowed as POST,
  methodNotAllowed as PUT,
  methodNotAllowed as DELETE,
  methodNotAllowed as PATCH,
}
