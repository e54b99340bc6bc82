// GET /api/v1/{tenant}/content/getlanguagecontent/{lang} — the tenant's own message texts of a language
import { z } from 'zod'
import { LOCALES } from '@/lib/i18n/config'
import { ApiError } from '@/lib/shared/errors'
import { contentTexts } from '@/lib/engine/content/content-texts'
import { apiHandler, parseOrThrow } from '@/lib/engine/http/api-handler'
import { apiRoute } from '@/lib/engine/http/api-route'
import { textOverridesSchema } from '@/lib/shared/content/types'

const handler = apiHandler(
  { auth: 'public', response: textOverridesSchema, errors: ['NichtGefunden', 'InhaltNichtVerfuegbar'] },
  async ({ tenant, params }) => {
    const { lang } = parseOrThrow(z.object({ lang: z.enum(LOCALES) }), { lang: params.lang })
    if (!tenant.settings.Languages.includes(lang)) throw new ApiError('NichtGefunden')
    return contentTexts(tenant, lang)
  },
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ GET: handler })
