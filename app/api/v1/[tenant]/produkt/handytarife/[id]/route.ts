// GET /api/v1/{tenant}/produkt/handytarife/{id} — the tariff offers with one device (HandyId)
import { z } from 'zod'
import { apiHandler, parseOrThrow } from '@/lib/engine/http/api-handler'
import { apiRoute } from '@/lib/engine/http/api-route'
import { listProducts } from '@/lib/engine/catalog/list-products'
import { assertBuiltinCatalogue } from '@/lib/engine/catalog/product-api-mode'

const handler = apiHandler({ auth: 'public' }, async ({ tenant, locale, params }) => {
  assertBuiltinCatalogue(tenant)
  const { id } = parseOrThrow(z.object({ id: z.coerce.number().int().positive() }), { id: params.id })
  return listProducts(tenant, locale, { handyId: id })
})

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ GET: handler })
