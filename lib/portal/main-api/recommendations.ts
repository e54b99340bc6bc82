import 'server-only'
import {
  captchaCheckSchema,
  confirmParticipationResponseSchema,
  createRecommendationRequestSchema,
  recommendationSchema,
  recommendationsSchema,
  type CreateRecommendationInput,
  type Recommendation,
} from '@/lib/contracts/recommendation'
import type { CaptchaSolution } from './account'
import type { ApiContext, AuthContext } from './context'
import { orNull, read, send, requestBody } from './request'

/** The referrer's recommendations: creating one, the opt-in, reading them back. */

/**
 * POST /Empfehlen/create without a body (§7.1): does the next recommendation need a captcha? Sends the
 * context's token (if any) and IP.
 */
export function checkRecommendationCaptcha(ctx: ApiContext) {
  return send(ctx, {
    path: '/Empfehlen/create',
    method: 'POST',
    token: ctx.token,
    clientIp: ctx.clientIp,
    schema: captchaCheckSchema,
  })
}

/** POST /Empfehlen/create (§7.1) with the SPEC payload; a captcha solution goes in the query. */
export function createRecommendation(
  ctx: ApiContext,
  input: { recommendation: CreateRecommendationInput; captcha?: CaptchaSolution },
): Promise<Recommendation> {
  const query = input.captcha ? `?${new URLSearchParams(input.captcha)}` : ''
  return send(ctx, {
    path: `/Empfehlen/create${query}`,
    method: 'POST',
    body: requestBody(createRecommendationRequestSchema, input.recommendation),
    token: ctx.token,
    clientIp: ctx.clientIp,
    schema: recommendationSchema,
  })
}

/** PUT /empfehler/teilnahme (beside §7.3): the opt-in link of the recommendation mail confirms and logs in. */
export function confirmParticipation(ctx: ApiContext, token: string) {
  return send(ctx, {
    path: '/empfehler/teilnahme',
    method: 'PUT',
    body: { Token: token },
    schema: confirmParticipationResponseSchema,
  })
}

/** GET /empfehlen/{nr} (§7.1): one recommendation of the logged-in referrer; null when it is not theirs. */
export function getRecommendation(ctx: AuthContext, nummer: string): Promise<Recommendation | null> {
  const path = `/empfehlen/${encodeURIComponent(nummer)}`
  return orNull(read(ctx, { path, token: ctx.token, schema: recommendationSchema }), [404, 400])
}

/** GET /empfehler/empfehlungen/ (§7.3): the logged-in referrer's recommendations. */
export function listRecommendations(ctx: AuthContext) {
  return read(ctx, { path: '/empfehler/empfehlungen', token: ctx.token, schema: recommendationsSchema })
}
