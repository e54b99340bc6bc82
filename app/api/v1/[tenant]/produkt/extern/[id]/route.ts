// GET /api/v1/{tenant}/produkt/extern/{id} — one product by its ExterneId
import { z } from 'zod'
import { apiHandler, parseOrThrow } from '@/lib/engine/http/api-handler'
import { apiRoute } from '@/lib/engine/http/api-route'
import { findProduct } from '@/lib/engine/catalog/product-source'
import { produktSchema } from '@/lib/contracts/catalog'

const handler = apiHandler(
  { auth: 'public', response: produktSchema, errors: ['NichtGefunden', 'ProduktApiUnbekannt'] },
  async ({ tenant, locale, params }) => {
    const { id } = parseOrThrow(z.object({ id: z.string().trim().min(1).max(64) }), { id: params.id })
    return findProduct(tenant, locale, { externeId: id })
  },
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ GET: handler })
