// GET /api/v1/{tenant}/produktkategorie — the tenant's product categories in their order
import { apiHandler } from '@/lib/engine/http/api-handler'
import { listCategories } from '@/lib/engine/tenants/list-categories'
import { keptAnswers } from '@/lib/engine/kept'
import { apiRoute } from '@/lib/engine/http/api-route'
import { produktKategorienSchema } from '@/lib/contracts/catalog'

/** Categories change only with the tenant's catalogue (seeded, or copied with an announced change). */
const kept = keptAnswers('category-answers', { keepMs: 5_000, maxEntries: 200 })

const handler = apiHandler(
  { auth: 'public', response: produktKategorienSchema },
  async ({ tenant, locale }) => kept(tenant.slug, locale, () => listCategories(tenant, locale)),
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ GET: handler })
