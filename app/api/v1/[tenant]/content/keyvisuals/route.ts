// GET /api/v1/{tenant}/content/keyvisuals — the key visuals of home and category pages
import { contentKeyVisuals } from '@/lib/engine/content/tenant-content'
import { apiHandler } from '@/lib/engine/http/api-handler'
import { apiRoute } from '@/lib/engine/http/api-route'

const handler = apiHandler({ auth: 'public' }, async ({ tenant, locale }) =>
  contentKeyVisuals(tenant, locale),
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ GET: handler })
