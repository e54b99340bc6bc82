// PUT /api/v1/{tenant}/agentur/empfehlungen/csv — the agency's recommendations as CSV (view EmpfehlerReport)
import { recommendationReport } from '@/lib/engine/agency/reports/recommendations'
import { reportCsvRoute } from '@/lib/engine/agency/reports/report-route'

export const { GET, POST, PUT, DELETE, PATCH } = reportCsvRoute(
  recommendationReport,
  'EmpfehlerReport',
  'empfehlungen',
)
