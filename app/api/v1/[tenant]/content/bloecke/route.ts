// GET /api/v1/{tenant}/content/bloecke — the content blocks of home and category pages, by place and position
import { contentBlocks } from '@/lib/engine/content/content-blocks'
import { apiHandler } from '@/lib/engine/http/api-handler'
import { apiRoute } from '@/lib/engine/http/api-route'
import { contentBlocksSchema } from '@/lib/contracts/content'

const handler = apiHandler(
  { auth: 'public', response: contentBlocksSchema, errors: ['InhaltNichtVerfuegbar'] },
  async ({ tenant, locale }) => contentBlocks(tenant, locale),
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ GET: handler })
