// GET /api/v1/{tenant}/content/einstellungen — the content flags (which optional pages the content enables)
import { contentFlags } from '@/lib/engine/content/content-flags'
import { apiHandler } from '@/lib/engine/http/api-handler'
import { apiRoute } from '@/lib/engine/http/api-route'
import { contentFlagsSchema } from '@/lib/shared/content/types'

const handler = apiHandler(
  { auth: 'public', response: contentFlagsSchema, errors: ['InhaltNichtVerfuegbar'] },
  async ({ tenant, locale }) => contentFlags(tenant, locale),
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ GET: handler })
