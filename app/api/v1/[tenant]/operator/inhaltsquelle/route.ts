// PUT /api/v1/{tenant}/operator/inhaltsquelle — operator: point the tenant at its content (files or a content service)
import { contentSourceRequestSchema, setContentSource } from '@/lib/engine/content/set-content-source'
import { apiHandler } from '@/lib/engine/http/api-handler'
import { apiRoute } from '@/lib/engine/http/api-route'
import { contentSourceSchema } from '@/lib/contracts/content'

const handler = apiHandler(
  { auth: 'operator', body: contentSourceRequestSchema, response: contentSourceSchema },
  async ({ tenant, body }) => setContentSource(tenant, body),
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ PUT: handler })
