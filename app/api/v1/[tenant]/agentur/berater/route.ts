// GET  /api/v1/{tenant}/agentur/berater — the agency's sales agents (view Verwaltung)
// POST /api/v1/{tenant}/agentur/berater — add an agent with a number unique in the tenant
import { agencyAgentSchema, agencyAgentsSchema, newAgencyAgentSchema } from '@/lib/contracts/agency'
import { apiHandler } from '@/lib/engine/http/api-handler'
import { apiRoute } from '@/lib/engine/http/api-route'
import { addAgent, listAgents } from '@/lib/engine/agency/agents/manage-agents'
import { systemClock } from '@/lib/engine/clock'

const get = apiHandler(
  { auth: ['agency'], agencyView: 'Verwaltung', response: agencyAgentsSchema },
  ({ agency }) => listAgents(agency!),
)

const post = apiHandler(
  {
    auth: ['agency'],
    agencyView: 'Verwaltung',
    agencyEdit: true,
    body: newAgencyAgentSchema,
    response: agencyAgentSchema,
    errors: ['BeraternummerVergeben'],
  },
  ({ tenant, agency, body }) => addAgent(tenant, agency!, body, systemClock),
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ GET: get, POST: post })
