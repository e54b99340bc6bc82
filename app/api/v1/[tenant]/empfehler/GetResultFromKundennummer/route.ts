// GET /api/v1/{tenant}/empfehler/GetResultFromKundennummer/ — the referrer's customer number (masked) and its check
import { apiHandler } from '@/lib/engine/http/api-handler'
import { apiRoute } from '@/lib/engine/http/api-route'
import { getCustomerNumberResult } from '@/lib/engine/customer-numbers/get-customer-number-result'
import { customerNumberResultSchema } from '@/lib/contracts/customer-number'

const handler = apiHandler(
  { auth: ['referrer'], response: customerNumberResultSchema, errors: ['NichtGefunden'] },
  async ({ tenant, auth }) => getCustomerNumberResult(tenant, auth!),
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ GET: handler })
