// GET /api/v1/{tenant}/praemie — the reward periods active today and the next ones, per category
import { apiHandler } from '@/lib/engine/http/api-handler'
import { apiRoute } from '@/lib/engine/http/api-route'
import { listRewards } from '@/lib/engine/catalog/list-rewards'
import { praemienSchema } from '@/lib/contracts/rewards'

const handler = apiHandler({ auth: 'public', response: praemienSchema }, ({ tenant, locale }) =>
  listRewards(tenant, locale),
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ GET: handler })
