// POST /api/v1/{tenant}/auftraege — the provider reports orders (contracts, completions, cancellations)
// of attributed recipients with its per-tenant key (or the operator's); idempotent per order number
import { ORDER_REPORT_LIMIT } from '@/lib/edge/body-limits.mjs'
import { apiHandler } from '@/lib/engine/http/api-handler'
import { apiRoute } from '@/lib/engine/http/api-route'
import { orderReportsRequestSchema } from '@/lib/contracts/praemierung'
import { reportOrders } from '@/lib/engine/rewards/report-orders'
import { orderReportResultsSchema } from '@/lib/contracts/operator'

const handler = apiHandler(
  {
    auth: 'provider',
    fromServer: true,
    response: orderReportResultsSchema,
    body: orderReportsRequestSchema,
    bodyLimit: ORDER_REPORT_LIMIT,
  },
  async ({ tenant, body }) => ({ Ergebnisse: await reportOrders(tenant, body.Auftraege) }),
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ POST: handler })
