// GET /api/v1/{tenant}/operator/auszahlungen/{id} — operator: the batch's file (pain.001 XML or CSV)
import { z } from 'zod'
import { apiHandler, parseOrThrow } from '@/lib/engine/http/api-handler'
import { apiRoute } from '@/lib/engine/http/api-route'
import { payoutFile } from '@/lib/engine/rewards/payout-file'

const handler = apiHandler(
  { auth: 'operator', response: { media: ['application/xml', 'text/csv'] }, errors: ['NichtGefunden'] },
  async ({ tenant, params }) => {
    const file = await payoutFile(tenant, parseOrThrow(z.uuid(), params.id))
    const sepa = file.art === 'SEPA'
    return new Response(file.datei, {
      headers: {
        'Content-Type': sepa ? 'application/xml; charset=utf-8' : 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${file.messageId}.${sepa ? 'xml' : 'csv'}"`,
        'Cache-Control': 'no-store',
      },
    })
  },
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ GET: handler })
