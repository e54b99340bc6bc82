// PUT /api/v1/{tenant}/empfehler/teilnahme — confirm participation with the recommendation mail's link
import { apiHandler } from '@/lib/engine/http/api-handler'
import { apiRoute } from '@/lib/engine/http/api-route'
import {
  confirmParticipationRequestSchema,
  confirmParticipationResponseSchema,
} from '@/lib/contracts/recommendation'
import { confirmParticipation } from '@/lib/engine/recommendations/confirm-participation'

const handler = apiHandler(
  {
    auth: 'public',
    body: confirmParticipationRequestSchema,
    response: confirmParticipationResponseSchema,
    errors: ['Abgelaufen'],
  },
  async ({ tenant, body }) => confirmParticipation(tenant, body.Token),
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ PUT: handler })
