// PUT /api/v1/{tenant}/agentur/empfehlungen/liste — a page of the agency's recommendations (view EmpfehlerReport)
import { recommendationReportSchema } from '@/lib/contracts/agency'
import { recommendationReport } from '@/lib/engine/agency/reports/recommendations'
import { reportListRoute } from '@/lib/engine/agency/reports/report-route'

export const { GET, POST, PUT, DELETE, PATCH } = reportListRoute(
  recommendationReport,
  'EmpfehlerReport',
  recommendationReportSchema,
)
