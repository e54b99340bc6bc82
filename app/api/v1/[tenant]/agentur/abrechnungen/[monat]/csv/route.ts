// GET /api/v1/{tenant}/agentur/abrechnungen/{Monat}/csv — one month's commission statement as CSV (view Rechnungen)
import { statementMonthSchema } from '@/lib/contracts/agency'
import { apiHandler, parseOrThrow } from '@/lib/engine/http/api-handler'
import { apiRoute } from '@/lib/engine/http/api-route'
import { monthStatement } from '@/lib/engine/agency/statements/statement'
import { statementCsv, statementFileName } from '@/lib/engine/agency/statements/statement-files'
import { systemClock } from '@/lib/engine/clock'

const get = apiHandler(
  {
    auth: ['agency'],
    agencyView: 'Rechnungen',
    response: { media: ['text/csv'] },
    errors: ['NichtGefunden'],
  },
  async ({ tenant, agency, params, locale }) => {
    const month = parseOrThrow(statementMonthSchema, params.monat)
    const statement = await monthStatement(tenant, agency!, month, systemClock)
    return new Response(statementCsv(statement, locale), {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${statementFileName(month)}.csv"`,
        'Cache-Control': 'private, no-store',
      },
    })
  },
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ GET: get })
