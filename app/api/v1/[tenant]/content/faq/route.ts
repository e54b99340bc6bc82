// GET /api/v1/{tenant}/content/faq — the tenant's questions and answers
import { contentFaq } from '@/lib/engine/content/tenant-content'
import { apiHandler } from '@/lib/engine/http/api-handler'
import { apiRoute } from '@/lib/engine/http/api-route'

const handler = apiHandler({ auth: 'public' }, async ({ tenant, locale }) => contentFaq(tenant, locale))

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ GET: handler })
