// GET /api/v1/{tenant}/operator/kundennummer?status=Ausstehend — operator: the customer numbers to check
// PUT /api/v1/{tenant}/operator/kundennummer — operator: confirm or reject a referrer's customer number (audited)
import { apiHandler } from '@/lib/engine/http/api-handler'
import { apiRoute } from '@/lib/engine/http/api-route'
import {
  listCustomerNumbersQuerySchema,
  reviewCustomerNumberRequestSchema,
} from '@/lib/contracts/customer-number'
import { listCustomerNumbers } from '@/lib/engine/customer-numbers/list-customer-numbers'
import { reviewCustomerNumber } from '@/lib/engine/customer-numbers/review-customer-number'
import { customerNumbersSchema, reviewedCustomerNumberSchema } from '@/lib/contracts/operator'

const list = apiHandler(
  { auth: 'operator', query: listCustomerNumbersQuerySchema, response: customerNumbersSchema },
  async ({ tenant, query }) => ({ Kundennummern: await listCustomerNumbers(tenant, query.status) }),
)

const review = apiHandler(
  {
    auth: 'operator',
    body: reviewCustomerNumberRequestSchema,
    response: reviewedCustomerNumberSchema,
    errors: ['NichtRegistriert', 'NichtGefunden'],
  },
  async ({ tenant, body }) => reviewCustomerNumber(tenant, body),
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ GET: list, PUT: review })
