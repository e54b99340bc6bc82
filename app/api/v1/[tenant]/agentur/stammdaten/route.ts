// GET /api/v1/{tenant}/agentur/stammdaten — the agency's master data (view Stammdaten)
import { apiHandler } from '@/lib/engine/http/api-handler'
import { apiRoute } from '@/lib/engine/http/api-route'
import { agencyMasterDataSchema } from '@/lib/contracts/agency'
import { agencyMasterData } from '@/lib/engine/agency/master-data'

const get = apiHandler(
  { auth: ['agency'], agencyView: 'Stammdaten', response: agencyMasterDataSchema },
  async ({ agency }) => agencyMasterData(agency!.agency.id),
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ GET: get })
