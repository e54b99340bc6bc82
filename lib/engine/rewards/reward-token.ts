import 'server-only'
import { randomBytes } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { Db } from '@/lib/engine/db'
import { rewards } from '@/lib/db/schema'
import { env } from '@/lib/shared/env'
import { ApiError } from '@/lib/shared/errors'
import { decryptField, deriveFieldKey, encryptField } from '@/lib/engine/crypto/field-encryption'
import { hashSecret } from '@/lib/engine/auth/one-time-token'
import type { RewardRow } from './transition'

/**
 * The reward link's own token (SPEC §6: reward pages use their own bearer token): 256 random bits,
 * found by its SHA-256 and valid until the reward's pickup ends. It is also kept encrypted (bound to the
 * reward), so every mail about the reward (ready, reminder, voucher, paid, sent again) carries the same
 * link and an earlier mail's link keeps working.
 */
const key = () => deriveFieldKey(env().FIELD_ENCRYPTION_SECRET, 'reward-token')
const aad = (reward: Pick<RewardRow, 'tenantSlug' | 'id'>) => `${reward.tenantSlug}:${reward.id}:token`

/** The reward's link token: the one issued before while it is valid, else a new one. */
export async function rewardLinkToken(tx: Db, reward: RewardRow, now: Date): Promise<string> {
  const [current] = await tx
    .select({ sealed: rewards.tokenEncrypted, expiresAt: rewards.tokenExpiresAt })
    .from(rewards)
    .where(eq(rewards.id, reward.id))
  if (current?.sealed && current.expiresAt && current.expiresAt > now)
    return decryptField(current.sealed, key(), aad(reward))
  const token = randomBytes(32).toString('base64url')
  const fallback = new Date(now.getTime() + 365 * 86_400_000)
  const expiresAt = reward.expiresAt && reward.expiresAt > now ? reward.expiresAt : fallback
  await tx
    .update(rewards)
    .set({
      tokenHash: hashSecret(token),
      tokenEncrypted: encryptField(token, key(), aad(reward)),
      tokenExpiresAt: expiresAt,
    })
    .where(eq(rewards.id, reward.id))
  return token
}

/** The reward a link token stands for; unknown: PraemieTokenUngueltig, expired: PraemieTokenAbgelaufen. */
export async function rewardForToken(
  tx: Db,
  tenantSlug: string,
  token: string,
  now: Date,
): Promise<RewardRow> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw new ApiError('PraemieTokenUngueltig')
  const [row] = await tx
    .select()
    .from(rewards)
    .where(and(eq(rewards.tenantSlug, tenantSlug), eq(rewards.tokenHash, hashSecret(token))))
    .limit(1)
  if (!row) throw new ApiError('PraemieTokenUngueltig')
  if (row.status === 'Abgelaufen' || (row.tokenExpiresAt && row.tokenExpiresAt <= now))
    throw new ApiError('PraemieTokenAbgelaufen')
  return row
}
