// GET /api/v1/{tenant}/produkt[/?quelle&kategorie[&tarifId]] — products of the catalogue (SPEC §7.7)
import { z } from 'zod'
import { numericIdParam } from '@/lib/contracts/numeric-id'
import { apiHandler } from '@/lib/engine/http/api-handler'
import { apiRoute } from '@/lib/engine/http/api-route'
import { queryProductsAnswer } from '@/lib/engine/catalog/product-source'
import { produkteSchema } from '@/lib/contracts/catalog'

const querySchema = z.object({
  quelle: z.string().trim().min(1).max(64).optional(),
  kategorie: z.string().trim().min(1).max(64).optional(),
  tarifId: numericIdParam.optional(),
})

const handler = apiHandler(
  {
    auth: 'public',
    query: querySchema,
    response: produkteSchema,
    errors: ['UnbekannteKategorie', 'ProduktApiUnbekannt'],
  },
  async ({ tenant, locale, query }) => queryProductsAnswer(tenant, locale, query),
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ GET: handler })
