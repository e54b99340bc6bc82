// GET /api/v1/{tenant}/operator/auszahlungen — operator: the payout batches; POST {Art: SEPA|Gutschrift}
// exports every due payout of that kind as one new batch (never a reward twice)
import { z } from 'zod'
import { apiHandler } from '@/lib/engine/http/api-handler'
import { apiRoute } from '@/lib/engine/http/api-route'
import { exportPayouts, listPayoutBatches, PAYOUT_KINDS } from '@/lib/engine/rewards/payouts'

const list = apiHandler({ auth: 'operator' }, async ({ tenant }) => ({
  Auszahlungen: await listPayoutBatches(tenant),
}))

const create = apiHandler(
  { auth: 'operator', body: z.object({ Art: z.enum(PAYOUT_KINDS) }) },
  async ({ tenant, body }) => exportPayouts(tenant, body.Art),
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ GET: list, POST: create })
