// GET /api/v1/{tenant}/produktkategorie — the tenant's product categories in their order
import { apiHandler } from '@/lib/engine/http/api-handler'
import { listCategories } from '@/lib/engine/tenants/list-categories'
import { methodNotAllowed } from '@/lib/engine/http/method-not-allowed'

export const GET = apiHandler({ auth: 'public' }, async ({ tenant, locale }) =>
  listCategories(tenant, locale),
)

export {
  methodNotAllowed as POST,
  methodNotAllowed as PUT,
  methodNotAllowed as DELETE,
  methodNotAllowed as PATCH,
}
