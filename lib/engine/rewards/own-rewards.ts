import 'server-only'
import { and, asc, desc, eq } from 'drizzle-orm'
import type { Db } from '@/lib/engine/db'
import { rewards } from '@/lib/db/schema'
import { ApiError } from '@/lib/shared/errors'
import type { TokenClaims } from '@/lib/engine/auth/token'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import { rewardForToken } from './reward-token'
import type { RewardRow } from './transition'

/**
 * The caller's own rewards, shared by the reward verbs (list, details, pick, mail again): which rows a
 * caller may see and whether a reward can still be picked.
 */

/** Who asks: a logged-in referrer, a confirmed recipient (their token), or a reward link's token. */
export type RewardCaller = { claims: TokenClaims } | { rewardToken: string }

/**
 * The rewards the caller may see, newest first; a link token sees its one reward. With `nummer`, only
 * that reward (read by its id, not picked out of the whole list).
 */
export async function ownRewards(
  db: Db,
  tenant: Tenant,
  caller: RewardCaller,
  now: Date,
  nummer?: string,
): Promise<RewardRow[]> {
  if ('rewardToken' in caller) {
    const reward = await rewardForToken(db, tenant.slug, caller.rewardToken, now)
    return nummer === undefined || reward.nummer === nummer ? [reward] : []
  }
  return db
    .select()
    .from(rewards)
    .where(and(ownedBy(tenant, caller.claims), nummer === undefined ? undefined : eq(rewards.nummer, nummer)))
    .orderBy(...NEWEST_FIRST)
    .limit(OWN_REWARDS_LIMIT)
}

/** The order of a caller's rewards, and how many are listed at most. */
export const NEWEST_FIRST = [desc(rewards.createdAt), asc(rewards.nummer)]
export const OWN_REWARDS_LIMIT = 500

/** Which reward rows a logged-in referrer or a confirmed recipient may see: the own ones of this tenant. */
export function ownedBy(tenant: Tenant, claims: TokenClaims) {
  if (claims.ten !== tenant.slug) throw new ApiError('PSOF0204')
  const owner =
    claims.role === 'referrer'
      ? and(eq(rewards.referrerId, claims.sub), eq(rewards.beguenstigter, 'Empfehler'))
      : claims.role === 'recipient'
        ? and(eq(rewards.recipientId, claims.sub), eq(rewards.beguenstigter, 'Empfaenger'))
        : null
  if (!owner) throw new ApiError('NichtAuthorisiert')
  return and(eq(rewards.tenantSlug, tenant.slug), owner)
}

/** The caller's one reward of this id, or NichtGefunden. */
export async function ownReward(db: Db, tenant: Tenant, caller: RewardCaller, now: Date, nummer: string) {
  const [reward] = await ownRewards(db, tenant, caller, now, nummer)
  if (!reward) throw new ApiError('NichtGefunden')
  return reward
}

/** A reward that is ready, not yet picked and not expired; otherwise the error that says why not. */
export function assertPickable(reward: RewardRow, now: Date) {
  if (reward.auswahl || reward.status === 'Abgeholt' || reward.status === 'Ausgezahlt')
    throw new ApiError('PraemieBereitsAbgeholt')
  if (reward.status === 'Offen') throw new ApiError('PraemieNichtBereit')
  if (reward.status === 'Storniert') throw new ApiError('PraemieStorniert')
  if (reward.status === 'Abgelaufen' || (reward.expiresAt && reward.expiresAt <= now))
    throw new ApiError('PraemieAbgelaufen')
}
