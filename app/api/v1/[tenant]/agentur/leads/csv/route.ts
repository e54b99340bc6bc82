// PUT /api/v1/{tenant}/agentur/leads/csv — the recipients of the agency's recommendations as CSV (view EmpfehlerReport)
import { leadReport } from '@/lib/engine/agency/reports/leads'
import { reportCsvRoute } from '@/lib/engine/agency/reports/report-route'

export const { GET, POST, PUT, DELETE, PATCH } = reportCsvRoute(leadReport, 'EmpfehlerReport', 'leads')
