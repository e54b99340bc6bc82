// GET /api/v1/{tenant}/empfaenger/{nr}/praemie/ — the reward a recipient can expect, with the recipient's
// own token (only for their own Empfaengernummer)
import { z } from 'zod'
import { apiHandler, parseOrThrow } from '@/lib/engine/http/api-handler'
import { apiRoute } from '@/lib/engine/http/api-route'
import { recommendationNumberSchema } from '@/lib/contracts/recommendation'
import { recipientReward } from '@/lib/engine/recipients/recipient-order'
import { recipientRewardSchema } from '@/lib/contracts/praemierung'

const handler = apiHandler(
  { auth: ['recipient'], response: recipientRewardSchema, errors: ['NichtAuthorisiert', 'NichtGefunden'] },
  async ({ tenant, auth, params }) => {
    const { nr } = parseOrThrow(z.object({ nr: recommendationNumberSchema }), { nr: params.id })
    return recipientReward(tenant, auth!, nr)
  },
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ GET: handler })
