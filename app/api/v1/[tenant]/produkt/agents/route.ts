// GET /api/v1/{tenant}/Produkt/agents — every active agent a referrer can recommend, by name (SPEC §7.1)
import { apiHandler } from '@/lib/engine/http/api-handler'
import { apiRoute } from '@/lib/engine/http/api-route'
import { agentListSchema } from '@/lib/contracts/agent'
import { listActiveAgents } from '@/lib/engine/agency/agents/find-agents'

const handler = apiHandler(
  { auth: 'public', publicModule: 'ModuleAgentRecommendation', response: agentListSchema },
  async ({ tenant }) => listActiveAgents(tenant),
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ GET: handler })
