// GET /api/v1/{tenant}/agentur/abrechnungen/{Monat} — one month's commission statement (view Rechnungen)
import { statementMonthSchema, statementSchema } from '@/lib/contracts/agency'
import { apiHandler, parseOrThrow } from '@/lib/engine/http/api-handler'
import { apiRoute } from '@/lib/engine/http/api-route'
import { monthStatement } from '@/lib/engine/agency/statements/statement'
import { systemClock } from '@/lib/engine/clock'

const get = apiHandler(
  { auth: ['agency'], agencyView: 'Rechnungen', response: statementSchema, errors: ['NichtGefunden'] },
  ({ tenant, agency, params }) =>
    monthStatement(tenant, agency!, parseOrThrow(statementMonthSchema, params.monat), systemClock),
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ GET: get })
