// GET /api/v1/{tenant}/content/seite/{key} — a content page (impressum, datenschutz, agb, barrierefreiheit)
import { z } from 'zod'
import { PAGE_KEYS, contentPageSchema } from '@/lib/shared/content/types'
import { contentPage } from '@/lib/engine/content/content-page'
import { apiHandler, parseOrThrow } from '@/lib/engine/http/api-handler'
import { apiRoute } from '@/lib/engine/http/api-route'

const handler = apiHandler(
  { auth: 'public', response: contentPageSchema, errors: ['NichtGefunden', 'InhaltNichtVerfuegbar'] },
  async ({ tenant, locale, params }) => {
    const { key } = parseOrThrow(z.object({ key: z.enum(PAGE_KEYS) }), { key: params.key })
    return contentPage(tenant, locale, key)
  },
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ GET: handler })
