// GET /api/v1/{tenant}/empfehler/praemierungmail/{PraemieId} — mails the reward link again (a new token)
import { apiHandler, parseOrThrow } from '@/lib/engine/http/api-handler'
import { apiRoute } from '@/lib/engine/http/api-route'
import { praemieNummerSchema, rewardMailSentSchema } from '@/lib/contracts/praemierung'
import { resendRewardMail } from '@/lib/engine/rewards/resend-reward-mail'

const handler = apiHandler(
  { auth: ['referrer'], sendsMail: true, response: rewardMailSentSchema, errors: ['NichtGefunden'] },
  async ({ tenant, auth, params }) =>
    resendRewardMail(tenant, auth!, parseOrThrow(praemieNummerSchema, params.id)),
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ GET: handler })
