// GET /api/v1/{tenant}/produkt/handytarife/{id} — the tariff offers with one device (HandyId)
import { z } from 'zod'
import { numericIdParam } from '@/lib/contracts/numeric-id'
import { apiHandler, parseOrThrow } from '@/lib/engine/http/api-handler'
import { apiRoute } from '@/lib/engine/http/api-route'
import { queryProducts } from '@/lib/engine/catalog/product-source'
import { produkteSchema } from '@/lib/contracts/catalog'

const handler = apiHandler(
  { auth: 'public', response: produkteSchema, errors: ['ProduktApiUnbekannt'] },
  async ({ tenant, locale, params }) => {
    const { id } = parseOrThrow(z.object({ id: numericIdParam }), { id: params.id })
    return queryProducts(tenant, locale, { handyId: id })
  },
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ GET: handler })
