import 'server-only'
import { statementMonthSchema } from '@/lib/contracts/agency'
import { apiHandler, parseOrThrow } from '@/lib/engine/http/api-handler'
import { apiRoute } from '@/lib/engine/http/api-route'
import { systemClock } from '@/lib/engine/clock'
import { monthStatement } from './statement'
import { statementCsv, statementFileName, statementPdf } from './statement-files'

const MEDIA = { pdf: 'application/pdf', csv: 'text/csv; charset=utf-8' } as const

/** GET agentur/abrechnungen/{Monat}/pdf|csv: one month's commission statement as a file (view Rechnungen). */
export function statementFileRoute(kind: keyof typeof MEDIA) {
  const handler = apiHandler(
    {
      auth: ['agency'],
      agencyView: 'Rechnungen',
      response: { media: [MEDIA[kind].split(';')[0]!] },
      errors: ['NichtGefunden'],
    },
    async ({ tenant, agency, params, locale }) => {
      const month = parseOrThrow(statementMonthSchema, params.monat)
      const statement = await monthStatement(tenant, agency!, month, systemClock)
      const body =
        kind === 'pdf'
          ? Buffer.from(await statementPdf(statement, tenant.settings.ProgrammName, locale))
          : statementCsv(statement, locale)
      return new Response(body, {
        headers: {
          'Content-Type': MEDIA[kind],
          'Content-Disposition': `attachment; filename="${statementFileName(month)}.${kind}"`,
          'Cache-Control': 'private, no-store',
        },
      })
    },
  )
  return apiRoute({ GET: handler })
}
