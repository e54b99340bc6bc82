// PUT /api/v1/{tenant}/agentur/einladungen/csv — the agency's invitations as CSV (view Verwaltung)
import { invitationReport } from '@/lib/engine/agency/reports/invitations'
import { reportCsvRoute } from '@/lib/engine/agency/reports/report-route'

export const { GET, POST, PUT, DELETE, PATCH } = reportCsvRoute(invitationReport, 'Verwaltung', 'einladungen')
