// PUT /api/v1/{tenant}/agentur/leads/liste — a page of the recipients of the agency's recommendations (view EmpfehlerReport)
import { leadReportSchema } from '@/lib/contracts/agency'
import { leadReport } from '@/lib/engine/agency/reports/leads'
import { reportListRoute } from '@/lib/engine/agency/reports/report-route'

export const { GET, POST, PUT, DELETE, PATCH } = reportListRoute(
  leadReport,
  'EmpfehlerReport',
  leadReportSchema,
)
