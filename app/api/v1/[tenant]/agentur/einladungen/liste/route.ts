// PUT /api/v1/{tenant}/agentur/einladungen/liste — a page of the agency's invitations and what became of them (view Verwaltung)
import { invitationReportSchema } from '@/lib/contracts/invitation'
import { invitationReport } from '@/lib/engine/agency/reports/invitations'
import { reportListRoute } from '@/lib/engine/agency/reports/report-route'

export const { GET, POST, PUT, DELETE, PATCH } = reportListRoute(
  invitationReport,
  'Verwaltung',
  invitationReportSchema,
)
