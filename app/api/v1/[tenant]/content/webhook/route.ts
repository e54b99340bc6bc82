// POST /api/v1/{tenant}/content/webhook — the content service's publish webhook (shared secret): renews cached content
import { receiveContentWebhook } from '@/lib/engine/content/content-webhook'
import { apiHandler } from '@/lib/engine/http/api-handler'
import { apiRoute } from '@/lib/engine/http/api-route'
import { contentWebhookAcceptedSchema } from '@/lib/contracts/content'

const handler = apiHandler(
  { auth: 'public', fromServer: true, response: contentWebhookAcceptedSchema },
  async ({ tenant, request }) => receiveContentWebhook(tenant, request),
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ POST: handler })
