// GET /api/v1/{tenant}/produkt/{id}[?quelle&handyId] — one product, or a tariff's offer with one device
import { z } from 'zod'
import { apiHandler, parseOrThrow } from '@/lib/engine/http/api-handler'
import { apiRoute } from '@/lib/engine/http/api-route'
import { findProduct } from '@/lib/engine/catalog/product-source'

const querySchema = z.object({
  quelle: z.string().trim().max(64).optional(),
  handyId: z.coerce.number().int().positive().optional(),
})

const handler = apiHandler(
  { auth: 'public', query: querySchema },
  async ({ tenant, locale, query, params }) => {
    const { id } = parseOrThrow(z.object({ id: z.coerce.number().int().positive() }), { id: params.id })
    return findProduct(tenant, locale, { id, handyId: query.handyId })
  },
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ GET: handler })
