// PUT /api/v1/{tenant}/operator/auszahlungen/{id}/bezahlt — operator: the batch was executed; its
// rewards are Ausgezahlt and every beneficiary gets the paid mail
import { z } from 'zod'
import { apiHandler, parseOrThrow } from '@/lib/engine/http/api-handler'
import { apiRoute } from '@/lib/engine/http/api-route'
import { markPayoutPaid } from '@/lib/engine/rewards/mark-payout-paid'
import { payoutBatchSchema } from '@/lib/contracts/operator'

const handler = apiHandler(
  { auth: 'operator', response: payoutBatchSchema, errors: ['NichtGefunden', 'AuszahlungBereitsBezahlt'] },
  async ({ tenant, params }) => markPayoutPaid(tenant, parseOrThrow(z.uuid(), params.id)),
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ PUT: handler })
