// GET /api/v1/{tenant}/content/getlanguagecontent/{lang}?agentur= — the tenant's texts of a language (an agency's variables filled in)
import { z } from 'zod'
import { LOCALES } from '@/lib/i18n/config'
import { ApiError } from '@/lib/shared/errors'
import { contentTexts } from '@/lib/engine/content/content-texts'
import { apiHandler, parseOrThrow } from '@/lib/engine/http/api-handler'
import { apiRoute } from '@/lib/engine/http/api-route'
import { agencySchema } from '@/lib/engine/content/set-variables'
import { textOverridesSchema } from '@/lib/shared/content/types'

const querySchema = z.object({ agentur: agencySchema.optional() })

const handler = apiHandler(
  {
    auth: 'public',
    query: querySchema,
    response: textOverridesSchema,
    errors: ['NichtGefunden', 'InhaltNichtVerfuegbar'],
  },
  async ({ tenant, params, query }) => {
    const { lang } = parseOrThrow(z.object({ lang: z.enum(LOCALES) }), { lang: params.lang })
    if (!tenant.settings.Languages.includes(lang)) throw new ApiError('NichtGefunden')
    return contentTexts(tenant, lang, query.agentur)
  },
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ GET: handler })
