// PUT /api/v1/{tenant}/agentur/praemien/csv — the rewards of the agency's recommendations as CSV (view Praemien)
import { rewardReport } from '@/lib/engine/agency/reports/rewards'
import { reportCsvRoute } from '@/lib/engine/agency/reports/report-route'

export const { GET, POST, PUT, DELETE, PATCH } = reportCsvRoute(rewardReport, 'Praemien', 'praemien')
