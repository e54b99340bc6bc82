// PUT /api/v1/{tenant}/agentur/auftraege/liste — a page of the orders of the agency's recommendations (view AuftragsReport)
import { agencyOrderReportSchema } from '@/lib/contracts/agency'
import { agencyOrderReport } from '@/lib/engine/agency/reports/orders'
import { reportListRoute } from '@/lib/engine/agency/reports/report-route'

export const { GET, POST, PUT, DELETE, PATCH } = reportListRoute(
  agencyOrderReport,
  'AuftragsReport',
  agencyOrderReportSchema,
)
