// GET /api/v1/{tenant}/agentur/abrechnungen/{Monat}/pdf — one month's commission statement as PDF (view Rechnungen)
import { statementMonthSchema } from '@/lib/contracts/agency'
import { apiHandler, parseOrThrow } from '@/lib/engine/http/api-handler'
import { apiRoute } from '@/lib/engine/http/api-route'
import { monthStatement } from '@/lib/engine/agency/statements/statement'
import { statementFileName, statementPdf } from '@/lib/engine/agency/statements/statement-files'
import { systemClock } from '@/lib/engine/clock'

const get = apiHandler(
  {
    auth: ['agency'],
    agencyView: 'Rechnungen',
    response: { media: ['application/pdf'] },
    errors: ['NichtGefunden'],
  },
  async ({ tenant, agency, params, locale }) => {
    const month = parseOrThrow(statementMonthSchema, params.monat)
    const statement = await monthStatement(tenant, agency!, month, systemClock)
    const pdf = await statementPdf(statement, tenant.settings.ProgrammName, locale)
    return new Response(Buffer.from(pdf), {
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="${statementFileName(month)}.pdf"`,
        'Cache-Control': 'private, no-store',
      },
    })
  },
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ GET: get })
