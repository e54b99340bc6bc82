// GET /api/v1/{tenant}/empfehlung/{nr}/produkt/produktlink?channel=&empfaengernummer= — on to the
// provider's order page for the recommended product, with the attribution
import { z } from 'zod'
import { apiHandler, parseOrThrow } from '@/lib/engine/http/api-handler'
import { apiRoute } from '@/lib/engine/http/api-route'
import { recommendationNumberSchema } from '@/lib/contracts/recommendation'
import { visitQuerySchema } from '@/lib/contracts/recipient'
import { productLink } from '@/lib/engine/recipients/order-link'

const handler = apiHandler(
  {
    auth: 'public',
    query: visitQuerySchema,
    response: { redirect: true },
    errors: ['NichtGefunden', 'NichtAuthorisiert'],
  },
  async ({ tenant, locale, params, query }) => {
    const { nr } = parseOrThrow(z.object({ nr: recommendationNumberSchema }), { nr: params.nr })
    const target = await productLink(tenant, nr, query, { locale })
    return new Response(null, { status: 302, headers: { Location: target, 'Cache-Control': 'no-store' } })
  },
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ GET: handler })
