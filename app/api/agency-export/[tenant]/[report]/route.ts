// GET /api/agency-export/{tenant}/{report}?… — a report of the agency area as CSV (BFF: the token stays in the cookie)
import {
  AGENCY_REPORTS,
  getAgencyReportCsv,
  inReportTerms,
  type AgencyReportName,
} from '@/lib/portal/main-api/agency'
import { agencyDownload } from '@/lib/portal/agency-download'
import { reportRequestOf } from '@/lib/portal/agency-report-query'

export const dynamic = 'force-dynamic'

/** The CSV download of an agency report with the filter and order of the screen's address. */
export async function GET(
  request: Request,
  { params }: { params: Promise<{ tenant: string; report: string }> },
) {
  const { tenant, report } = await params
  const query = Object.fromEntries(new URL(request.url).searchParams)
  return agencyDownload(tenant, (api) =>
    Object.hasOwn(AGENCY_REPORTS, report)
      ? inReportTerms(reportRequestOf(query), (asked) =>
          getAgencyReportCsv(api, report as AgencyReportName, asked),
        )
      : null,
  )
}
