import 'server-only'
import {
  goodwillClaimAcceptedSchema,
  goodwillClaimRequestSchema,
  type GoodwillClaimInput,
} from '@/lib/contracts/goodwill'
import type { AuthContext } from './context'
import { send, requestBody } from './request'

/** POST /empfehler/kulanz (beside §7.3): the logged-in referrer's goodwill claim (reward missing). */
export function sendGoodwillClaim(ctx: AuthContext, input: GoodwillClaimInput) {
  return send(ctx, {
    path: '/empfehler/kulanz',
    method: 'POST',
    body: requestBody(goodwillClaimRequestSchema, input),
    token: ctx.token,
    schema: goodwillClaimAcceptedSchema,
  })
}
