// GET /api/v1/{tenant}/content/getlanguages — the tenant's languages, its default and fallback first
import { apiHandler } from '@/lib/engine/http/api-handler'
import { apiRoute } from '@/lib/engine/http/api-route'
import { languagesSchema } from '@/lib/contracts/content'

const NAMES = { de: 'Deutsch', en: 'English' } as const

const handler = apiHandler({ auth: 'public', response: languagesSchema }, async ({ tenant }) => {
  const s = tenant.settings
  return s.Languages.map((code) => ({
    Code: code,
    Name: NAMES[code],
    Standard: code === s.Language,
    Fallback: code === s.FallbackLanguage,
  }))
})

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ GET: handler })
