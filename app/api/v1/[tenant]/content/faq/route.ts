// GET /api/v1/{tenant}/content/faq — the tenant's questions and answers
import { contentFaq } from '@/lib/engine/content/content-faq'
import { apiHandler } from '@/lib/engine/http/api-handler'
import { apiRoute } from '@/lib/engine/http/api-route'
import { faqSchema } from '@/lib/contracts/content'

const handler = apiHandler(
  { auth: 'public', response: faqSchema, errors: ['InhaltNichtVerfuegbar'] },
  async ({ tenant, locale }) => contentFaq(tenant, locale),
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ GET: handler })
