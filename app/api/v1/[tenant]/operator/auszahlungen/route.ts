// GET /api/v1/{tenant}/operator/auszahlungen — operator: the payout batches; POST {Art: SEPA|Gutschrift}
// exports every due payout of that kind as one new batch (never a reward twice)
import { z } from 'zod'
import { apiHandler } from '@/lib/engine/http/api-handler'
import { apiRoute } from '@/lib/engine/http/api-route'
import { exportPayouts } from '@/lib/engine/rewards/export-payouts'
import { listPayoutBatches } from '@/lib/engine/rewards/list-payout-batches'
import { PAYOUT_KINDS } from '@/lib/engine/rewards/payout-batch'
import { payoutBatchesSchema, exportedPayoutBatchSchema } from '@/lib/contracts/operator'

const list = apiHandler({ auth: 'operator', response: payoutBatchesSchema }, async ({ tenant }) => ({
  Auszahlungen: await listPayoutBatches(tenant),
}))

const create = apiHandler(
  {
    auth: 'operator',
    body: z.object({ Art: z.enum(PAYOUT_KINDS) }),
    response: exportedPayoutBatchSchema,
    errors: ['KeineAuszahlungen', 'AuszahlungskontoFehlt'],
  },
  async ({ tenant, body }) => exportPayouts(tenant, body.Art),
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ GET: list, POST: create })
