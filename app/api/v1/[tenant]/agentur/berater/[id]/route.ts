// PUT /api/v1/{tenant}/agentur/berater/{id} — deactivate or reactivate an agent {Aktiv} (view Verwaltung)
import { z } from 'zod'
import { agencyAgentSchema, agentActiveSchema } from '@/lib/contracts/agency'
import { apiHandler, parseOrThrow } from '@/lib/engine/http/api-handler'
import { apiRoute } from '@/lib/engine/http/api-route'
import { setAgentActive } from '@/lib/engine/agency/agents/manage-agents'

const put = apiHandler(
  {
    auth: ['agency'],
    agencyView: 'Verwaltung',
    agencyEdit: true,
    body: agentActiveSchema,
    response: agencyAgentSchema,
    errors: ['NichtGefunden'],
  },
  ({ agency, params, body }) => setAgentActive(agency!, parseOrThrow(z.uuid(), params.id), body.Aktiv),
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ PUT: put })
