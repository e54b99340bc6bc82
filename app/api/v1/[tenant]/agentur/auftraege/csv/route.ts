// PUT /api/v1/{tenant}/agentur/auftraege/csv — the orders of the agency's recommendations as CSV (view AuftragsReport)
import { agencyOrderReport } from '@/lib/engine/agency/reports/orders'
import { reportCsvRoute } from '@/lib/engine/agency/reports/report-route'

export const { GET, POST, PUT, DELETE, PATCH } = reportCsvRoute(
  agencyOrderReport,
  'AuftragsReport',
  'auftraege',
)
