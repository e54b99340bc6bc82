// GET /api/v1/{tenant}/content/keyvisuals — the key visuals of home and category pages
import { contentKeyVisuals } from '@/lib/engine/content/content-key-visuals'
import { apiHandler } from '@/lib/engine/http/api-handler'
import { apiRoute } from '@/lib/engine/http/api-route'
import { keyVisualsSchema } from '@/lib/contracts/content'

const handler = apiHandler(
  { auth: 'public', response: keyVisualsSchema, errors: ['InhaltNichtVerfuegbar'] },
  async ({ tenant, locale }) => contentKeyVisuals(tenant, locale),
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ GET: handler })
