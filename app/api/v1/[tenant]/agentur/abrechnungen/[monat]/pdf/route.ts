// GET /api/v1/{tenant}/agentur/abrechnungen/{Monat}/pdf — one month's commission statement as PDF (view Rechnungen)
import { statementFileRoute } from '@/lib/engine/agency/statements/file-route'

export const { GET, POST, PUT, DELETE, PATCH } = statementFileRoute('pdf')
