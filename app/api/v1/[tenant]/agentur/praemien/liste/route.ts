// PUT /api/v1/{tenant}/agentur/praemien/liste — a page of the rewards of the agency's recommendations (view Praemien)
import { rewardReportSchema } from '@/lib/contracts/agency'
import { rewardReport } from '@/lib/engine/agency/reports/rewards'
import { reportListRoute } from '@/lib/engine/agency/reports/report-route'

export const { GET, POST, PUT, DELETE, PATCH } = reportListRoute(rewardReport, 'Praemien', rewardReportSchema)
