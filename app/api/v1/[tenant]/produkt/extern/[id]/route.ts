// GET /api/v1/{tenant}/produkt/extern/{id} — one product by its ExterneId
import { z } from 'zod'
import { apiHandler, parseOrThrow } from '@/lib/engine/http/api-handler'
import { apiRoute } from '@/lib/engine/http/api-route'
import { getProductOrThrow } from '@/lib/engine/catalog/get-product-or-throw'
import { assertBuiltinCatalogue } from '@/lib/engine/catalog/product-api-mode'

const handler = apiHandler({ auth: 'public' }, async ({ tenant, locale, params }) => {
  assertBuiltinCatalogue(tenant)
  const { id } = parseOrThrow(z.object({ id: z.string().trim().min(1).max(64) }), { id: params.id })
  return getProductOrThrow(tenant, locale, { externeId: id })
})

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ GET: handler })
