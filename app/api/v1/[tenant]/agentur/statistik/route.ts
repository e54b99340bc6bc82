// PUT /api/v1/{tenant}/agentur/statistik — the agency's overview month by month (view StatistikReport)
import { reportRequestSchema, statisticsSchema } from '@/lib/contracts/agency'
import { apiHandler } from '@/lib/engine/http/api-handler'
import { apiRoute } from '@/lib/engine/http/api-route'
import { agencyStatistics } from '@/lib/engine/agency/reports/statistics'
import { systemClock } from '@/lib/engine/clock'

const put = apiHandler(
  { auth: ['agency'], agencyView: 'StatistikReport', body: reportRequestSchema, response: statisticsSchema },
  ({ agency, body }) => agencyStatistics(agency!.agency.id, body.Filter, systemClock),
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ PUT: put })
