// GET /api/agency-statement/{tenant}/{Monat}/{pdf|csv} — a commission statement as a file (BFF: the token stays in the cookie)
import { getStatementFile, STATEMENT_FORMATS, type StatementFormat } from '@/lib/portal/main-api/agency'
import { agencyDownload } from '@/lib/portal/agency-download'
import { statementMonthSchema } from '@/lib/contracts/agency'

export const dynamic = 'force-dynamic'

/** The PDF or CSV of a month's commission statement, for agency users whose role has Rechnungen. */
export async function GET(
  _request: Request,
  { params }: { params: Promise<{ tenant: string; monat: string; format: string }> },
) {
  const { tenant, monat, format } = await params
  return agencyDownload(tenant, (api) =>
    statementMonthSchema.safeParse(monat).success && (STATEMENT_FORMATS as readonly string[]).includes(format)
      ? getStatementFile(api, monat, format as StatementFormat)
      : null,
  )
}
