// PUT /api/v1/{tenant}/agentur/empfehler — a page of the referrers who recommended through the agency (view EmpfehlerReport)
import { referrerReportSchema } from '@/lib/contracts/agency'
import { referrerReport } from '@/lib/engine/agency/reports/referrers'
import { reportListRoute } from '@/lib/engine/agency/reports/report-route'

export const { GET, POST, PUT, DELETE, PATCH } = reportListRoute(
  referrerReport,
  'EmpfehlerReport',
  referrerReportSchema,
)
