// DELETE /api/v1/{tenant}/agentur/praemienplan/{id} — delete a planned or current plan (owners)
import { z } from 'zod'
import { rewardPlanSchema } from '@/lib/contracts/agency'
import { apiHandler, parseOrThrow } from '@/lib/engine/http/api-handler'
import { apiRoute } from '@/lib/engine/http/api-route'
import { deleteRewardPlan } from '@/lib/engine/agency/reward-plans/delete-reward-plan'
import { systemClock } from '@/lib/engine/clock'

const del = apiHandler(
  {
    auth: ['agency'],
    agencyView: 'Praemienplan',
    agencyEdit: true,
    response: rewardPlanSchema,
    errors: ['NichtGefunden', 'PraemienplanBeendet'],
  },
  ({ tenant, agency, params }) =>
    deleteRewardPlan(tenant, agency!, parseOrThrow(z.uuid(), params.id), systemClock),
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ DELETE: del })
