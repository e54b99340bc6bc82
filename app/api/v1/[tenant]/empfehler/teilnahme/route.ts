// PUT /api/v1/{tenant}/empfehler/teilnahme — confirm participation with the recommendation mail's link
import { tokenLinkRoute } from '@/lib/engine/http/api-route'
import {
  confirmParticipationRequestSchema,
  confirmParticipationResponseSchema,
} from '@/lib/contracts/recommendation'
import { confirmParticipation } from '@/lib/engine/recommendations/confirm-participation'

export const { GET, POST, PUT, DELETE, PATCH } = tokenLinkRoute(confirmParticipation, {
  body: confirmParticipationRequestSchema,
  response: confirmParticipationResponseSchema,
  errors: ['Abgelaufen'],
})
