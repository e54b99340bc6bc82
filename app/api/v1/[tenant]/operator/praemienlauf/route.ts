// POST /api/v1/{tenant}/operator/praemienlauf — operator: run the tenant's reward jobs now (readiness
// after the complaint period, reminders, expiry, waiting vouchers); idempotent like the hourly run
import { apiHandler } from '@/lib/engine/http/api-handler'
import { apiRoute } from '@/lib/engine/http/api-route'
import { runRewardJobs } from '@/lib/engine/rewards/reward-jobs'
import { rewardJobResultSchema } from '@/lib/contracts/operator'

const handler = apiHandler({ auth: 'operator', response: rewardJobResultSchema }, async ({ tenant }) =>
  runRewardJobs(new Date(), tenant.slug),
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ POST: handler })
