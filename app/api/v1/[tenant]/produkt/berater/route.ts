// GET /api/v1/{tenant}/Produkt/berater?query&page&pagesize — agents a referrer can recommend, one page (SPEC §7.1)
import { apiHandler } from '@/lib/engine/http/api-handler'
import { apiRoute } from '@/lib/engine/http/api-route'
import { agentSearchQuerySchema, agentSearchResultSchema } from '@/lib/contracts/agent'
import { searchAgents } from '@/lib/engine/agency/agents/find-agents'

const handler = apiHandler(
  {
    auth: 'public',
    publicModule: 'ModuleAgentRecommendation',
    query: agentSearchQuerySchema,
    response: agentSearchResultSchema,
  },
  async ({ tenant, query }) => searchAgents(tenant, query),
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ GET: handler })
