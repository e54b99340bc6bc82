// GET /api/v1/{tenant}/agentur/praemienplan — the agency's reward plans (view Praemienplan)
// POST /api/v1/{tenant}/agentur/praemienplan — add a plan (owners)
import { newRewardPlanSchema, rewardPlanSchema, rewardPlansSchema } from '@/lib/contracts/agency'
import { apiHandler } from '@/lib/engine/http/api-handler'
import { apiRoute } from '@/lib/engine/http/api-route'
import { addRewardPlan } from '@/lib/engine/agency/reward-plans/add-reward-plan'
import { listRewardPlans } from '@/lib/engine/agency/reward-plans/list-reward-plans'
import { systemClock } from '@/lib/engine/clock'

const get = apiHandler(
  { auth: ['agency'], agencyView: 'Praemienplan', response: rewardPlansSchema },
  ({ tenant, agency }) => listRewardPlans(tenant, agency!, systemClock),
)

const post = apiHandler(
  {
    auth: ['agency'],
    agencyView: 'Praemienplan',
    agencyEdit: true,
    body: newRewardPlanSchema,
    response: rewardPlanSchema,
    errors: [
      'PraemienplanUeberschneidung',
      'PraemienplanStartVergangen',
      'PraemienplanZeitraumUngueltig',
      'PraemienplanZielUnbekannt',
    ],
  },
  ({ tenant, agency, body }) => addRewardPlan(tenant, agency!, body, systemClock),
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ GET: get, POST: post })
