// GET /api/agency-export/{tenant}/{report}?… — a report of the agency area as CSV (BFF: the token stays in the cookie)
import { AGENCY_REPORTS, getAgencyReportCsv, type AgencyReportName } from '@/lib/portal/main-api/agency'
import { apiContext } from '@/lib/portal/main-api/context'
import { MainApiError } from '@/lib/portal/main-api/client'
import { agencySessionFor, endAgencySession } from '@/lib/portal/agency-session'
import { reportRequestOf } from '@/lib/portal/agency-report-query'
import { href, parseTenantParam } from '@/lib/routes/href'

export const dynamic = 'force-dynamic'

const NO_STORE = { 'Cache-Control': 'private, no-store' }

/**
 * The CSV download of an agency report with the filter and order of the screen's address. The main API
 * decides whether the agency user's role may read the report; without a session, or once the token is
 * refused (SPEC §7.9), the browser is sent to the agency sign-in.
 */
export async function GET(
  request: Request,
  { params }: { params: Promise<{ tenant: string; report: string }> },
) {
  const { tenant, report } = await params
  const ctx = parseTenantParam(tenant)
  if (!ctx || !Object.hasOwn(AGENCY_REPORTS, report)) {
    return new Response('Not found', { status: 404, headers: NO_STORE })
  }
  const signIn = (fehler?: string) =>
    new Response(null, {
      status: 303,
      headers: { Location: href(ctx, 'AgencyArea', undefined, fehler ? { fehler } : undefined), ...NO_STORE },
    })
  const session = await agencySessionFor(ctx.tenant)
  if (!session) return signIn()
  const query = Object.fromEntries(new URL(request.url).searchParams)
  try {
    const file = await getAgencyReportCsv(
      apiContext(ctx, session),
      report as AgencyReportName,
      reportRequestOf(query),
    )
    return new Response(file.text, {
      headers: { 'Content-Type': file.contentType, 'Content-Disposition': file.disposition, ...NO_STORE },
    })
  } catch (error) {
    if (!(error instanceof MainApiError)) throw error
    if (error.code === 'PSOF0204') {
      await endAgencySession()
      return signIn('PSOF0204')
    }
    return signIn(error.code)
  }
}
