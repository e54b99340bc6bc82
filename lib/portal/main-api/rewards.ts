import 'server-only'
import { praemienSchema } from '@/lib/contracts/rewards'
import {
  bannerSchema,
  pickRewardRequestSchema,
  praemierungDetailsSchema,
  praemierungenSchema,
  rewardMailSentSchema,
  type PickRewardRequest,
} from '@/lib/contracts/praemierung'
import type { ApiContext, AuthContext } from './context'
import { orNull, read, send, requestBody } from './request'

/**
 * Rewards: what a recommendation earns (GET /praemie, the offer) and the awards a caller holds
 * (/praemierung: balance, details, the pick). An award's bearer is the referrer's session token or a
 * reward link's own token (SPEC §6): either is the context's token.
 */

/** GET /praemie (§7.4): the reward periods active today and the next ones, merged across products. */
export function listRewards(ctx: ApiContext) {
  return read(ctx, { path: '/praemie', schema: praemienSchema })
}

/** GET /praemierung/ (§7.4): the caller's awards with the balance. */
export function getAwards(ctx: AuthContext) {
  return read(ctx, { path: '/praemierung', token: ctx.token, schema: praemierungenSchema })
}

/** GET /praemierung/?details= (§7.4): one award with its history; null when it is not the caller's. */
export function getAward(ctx: AuthContext, praemieId: string) {
  const path = `/praemierung?details=${encodeURIComponent(praemieId)}`
  return orNull(read(ctx, { path, token: ctx.token, schema: praemierungDetailsSchema }), [404, 400])
}

/** PUT /praemierung/ (§7.4): picks the reward of a ready award, once. */
export function pickAward(ctx: AuthContext, input: PickRewardRequest) {
  return send(ctx, {
    path: '/praemierung',
    method: 'PUT',
    body: requestBody(pickRewardRequestSchema, input),
    token: ctx.token,
    schema: praemierungDetailsSchema,
  })
}

/** GET /empfehler/praemierungmail/{id} (§7.3): the award mail again. */
export function resendAwardMail(ctx: AuthContext, praemieId: string) {
  return send(ctx, {
    path: `/empfehler/praemierungmail/${encodeURIComponent(praemieId)}`,
    token: ctx.token,
    schema: rewardMailSentSchema,
  })
}

/** GET /empfehler/empfehlungen/showbanner/BannerTEZuTP (§7.3): whether the personal area shows it. */
export function getTeZuTpBanner(ctx: AuthContext) {
  return read(ctx, {
    path: '/empfehler/empfehlungen/showbanner/BannerTEZuTP',
    token: ctx.token,
    schema: bannerSchema,
  })
}
