// GET /api/v1/{tenant}/produkt/{id}[?quelle&handyId] — one product, or a tariff's offer with one device
import { z } from 'zod'
import { numericIdParam } from '@/lib/contracts/numeric-id'
import { apiHandler, parseOrThrow } from '@/lib/engine/http/api-handler'
import { apiRoute } from '@/lib/engine/http/api-route'
import { findProduct } from '@/lib/engine/catalog/product-source'
import { produktSchema } from '@/lib/contracts/catalog'

const querySchema = z.object({
  quelle: z.string().trim().max(64).optional(),
  handyId: numericIdParam.optional(),
})

const handler = apiHandler(
  {
    auth: 'public',
    query: querySchema,
    response: produktSchema,
    errors: ['NichtGefunden', 'ProduktApiUnbekannt'],
  },
  async ({ tenant, locale, query, params }) => {
    const { id } = parseOrThrow(z.object({ id: numericIdParam }), { id: params.id })
    return findProduct(tenant, locale, { id, handyId: query.handyId })
  },
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ GET: handler })
