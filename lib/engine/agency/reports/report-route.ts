import 'server-only'
import type { ZodType } from 'zod'
import { reportRequestSchema, type ReportPage, type ReportRequest } from '@/lib/contracts/agency'
import { apiHandler } from '@/lib/engine/http/api-handler'
import { apiRoute } from '@/lib/engine/http/api-route'
import { systemClock } from '@/lib/engine/clock'
import { germanToday } from '@/lib/shared/catalog/reward-periods'
import type { AgencyView } from '@/lib/shared/agency/roles'
import { reportCsv } from './csv'
import { reportPage, reportRows, type ReportDefinition } from './report'

/**
 * PUT agentur/…/liste: one page of a report as JSON, for agency users whose role has the view (SPEC
 * §7.1; the body is the Report request of §3).
 */
export function reportListRoute<Row>(
  definition: ReportDefinition<Row>,
  view: AgencyView,
  response: ZodType<unknown, ReportPage<Row>>,
) {
  const handler = apiHandler<ReportRequest, undefined, ReportPage<Row>>(
    { auth: ['agency'], agencyView: view, body: reportRequestSchema, response },
    ({ tenant, agency, body }) =>
      reportPage(definition, { tenant, user: agency!, request: body, clock: systemClock }),
  )
  return apiRoute({ PUT: handler })
}

/** PUT agentur/…/csv: every row the filter leaves, in the request's order, as a CSV download. */
export function reportCsvRoute<Row>(definition: ReportDefinition<Row>, view: AgencyView, fileName: string) {
  const handler = apiHandler(
    { auth: ['agency'], agencyView: view, body: reportRequestSchema, response: { media: ['text/csv'] } },
    async ({ tenant, agency, body, locale }) => {
      const rows = await reportRows(definition, { tenant, user: agency!, request: body, clock: systemClock })
      return new Response(reportCsv(definition.columns, rows, locale), {
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': `attachment; filename="${fileName}-${germanToday()}.csv"`,
          'Cache-Control': 'private, no-store',
        },
      })
    },
  )
  return apiRoute({ PUT: handler })
}
