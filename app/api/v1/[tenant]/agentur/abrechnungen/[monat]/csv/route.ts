// GET /api/v1/{tenant}/agentur/abrechnungen/{Monat}/csv — one month's commission statement as CSV (view Rechnungen)
import { statementFileRoute } from '@/lib/engine/agency/statements/file-route'

export const { GET, POST, PUT, DELETE, PATCH } = statementFileRoute('csv')
