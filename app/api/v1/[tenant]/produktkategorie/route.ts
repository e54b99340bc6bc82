// GET /api/v1/{tenant}/produktkategorie — the tenant's product categories in their order
import { apiHandler } from '@/lib/engine/http/api-handler'
import { listCategories } from '@/lib/engine/tenants/list-categories'
import { apiRoute } from '@/lib/engine/http/api-route'
import { produktKategorienSchema } from '@/lib/contracts/catalog'

const handler = apiHandler(
  { auth: 'public', response: produktKategorienSchema },
  async ({ tenant, locale }) => listCategories(tenant, locale),
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ GET: handler })
