// GET /api/v1/{tenant}/aktion/alleAktiven — the campaigns running today
import { apiHandler } from '@/lib/engine/http/api-handler'
import { apiRoute } from '@/lib/engine/http/api-route'
import { listActiveCampaigns } from '@/lib/engine/catalog/list-active-campaigns'
import { aktionenSchema } from '@/lib/contracts/catalog'

const handler = apiHandler({ auth: 'public', response: aktionenSchema }, async ({ tenant, locale }) =>
  listActiveCampaigns(tenant, locale),
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ GET: handler })
