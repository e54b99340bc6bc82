// POST /api/v1/{tenant}/empfehler/kulanz — file a goodwill claim (reward missing): mail to support, receipt to the referrer
import { apiHandler } from '@/lib/engine/http/api-handler'
import { apiRoute } from '@/lib/engine/http/api-route'
import {
  goodwillClaimRequestSchema,
  type GoodwillClaimAccepted,
  goodwillClaimAcceptedSchema,
} from '@/lib/contracts/goodwill'
import { submitGoodwillClaim } from '@/lib/engine/goodwill/submit-goodwill-claim'

const handler = apiHandler(
  {
    auth: ['referrer'],
    body: goodwillClaimRequestSchema,
    response: goodwillClaimAcceptedSchema,
    errors: ['ZuVieleAnfragen'],
  },
  async ({ tenant, auth, body }): Promise<GoodwillClaimAccepted> => submitGoodwillClaim(tenant, auth!, body),
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ POST: handler })
