// PUT /api/v1/{tenant}/agentur/empfehler/csv — the referrers who recommended through the agency as CSV (view EmpfehlerReport)
import { referrerReport } from '@/lib/engine/agency/reports/referrers'
import { reportCsvRoute } from '@/lib/engine/agency/reports/report-route'

export const { GET, POST, PUT, DELETE, PATCH } = reportCsvRoute(
  referrerReport,
  'EmpfehlerReport',
  'empfehler',
)
