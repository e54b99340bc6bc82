// GET /api/v1/{tenant}/agentur/abrechnungen — the last twelve months of commission statements (view Rechnungen)
import { statementsSchema } from '@/lib/contracts/agency'
import { apiHandler } from '@/lib/engine/http/api-handler'
import { apiRoute } from '@/lib/engine/http/api-route'
import { listStatements } from '@/lib/engine/agency/statements/statement'
import { systemClock } from '@/lib/engine/clock'

const get = apiHandler(
  { auth: ['agency'], agencyView: 'Rechnungen', response: statementsSchema },
  ({ tenant, agency }) => listStatements(tenant, agency!, systemClock),
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ GET: get })
