import 'server-only'
import { createHash, randomBytes } from 'node:crypto'
import { and, eq, gt, inArray, isNull } from 'drizzle-orm'
import type { Db } from '@/lib/engine/db'
import { accountTokens } from '@/lib/db/schema'
import { ApiError } from '@/lib/shared/errors'
import { systemClock, type Clock } from '@/lib/engine/clock'

/**
 * Single-use account tokens (QUALITY 7): 256 random bits, only the SHA-256 hash stored, used once,
 * short-lived. Purposes and their lifetimes are fixed here.
 */

export const TOKEN_LIFETIME_SECONDS = {
  /** Welcome mail: set the password and complete the registration. */
  welcome: 7 * 24 * 60 * 60,
  /** Password forgotten. */
  reset: 2 * 60 * 60,
  /** Login by e-mail link (in the welcome and password-forgotten mails). */
  login: 24 * 60 * 60,
  /** Admin login by token, issued by the operator for one support session. */
  admin: 15 * 60,
  /** Newsletter double opt-in. */
  newsletter: 7 * 24 * 60 * 60,
  /** Confirming participation after a recommendation (opt-in); also logs the referrer in. */
  participation: 7 * 24 * 60 * 60,
} as const

export type TokenPurpose = keyof typeof TOKEN_LIFETIME_SECONDS

export function hashSecret(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

export type IssuedToken = { token: string; expiresAt: Date }

/** Issues a token; earlier unused tokens of the same purpose for the referrer stop working. */
export async function issueAccountToken(
  tx: Db,
  args: { tenantSlug: string; referrerId: string; purpose: TokenPurpose; clock?: Clock },
): Promise<IssuedToken> {
  const now = (args.clock ?? systemClock)()
  const token = randomBytes(32).toString('base64url')
  const expiresAt = new Date(now.getTime() + TOKEN_LIFETIME_SECONDS[args.purpose] * 1000)
  await tx
    .update(accountTokens)
    .set({ expiresAt: now })
    .where(
      and(
        eq(accountTokens.referrerId, args.referrerId),
        eq(accountTokens.purpose, args.purpose),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, now),
      ),
    )
  await tx.insert(accountTokens).values({
    tenantSlug: args.tenantSlug,
    referrerId: args.referrerId,
    purpose: args.purpose,
    tokenHash: hashSecret(token),
    expiresAt,
  })
  return { token, expiresAt }
}

/**
 * Makes the referrer's unused tokens of these purposes unusable (they answer Abgelaufen from now on),
 * e.g. every mailed link to set a password or to log in once the password has changed.
 */
export async function expireAccountTokens(
  tx: Db,
  args: { referrerId: string; purposes: readonly TokenPurpose[]; now: Date },
): Promise<void> {
  await tx
    .update(accountTokens)
    .set({ expiresAt: args.now })
    .where(
      and(
        eq(accountTokens.referrerId, args.referrerId),
        inArray(accountTokens.purpose, [...args.purposes]),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, args.now),
      ),
    )
}

/**
 * The mailed links that give access to the account: set a password (welcome, reset), log in once, or
 * confirm participation (which logs in too). A new password makes all of them unusable.
 */
export const ACCESS_LINK_PURPOSES = [
  'welcome',
  'reset',
  'login',
  'participation',
] as const satisfies readonly TokenPurpose[]

type TokenRow = typeof accountTokens.$inferSelect

/**
 * Uses a token once: one atomic UPDATE, so two simultaneous uses cannot both succeed. Unknown and
 * expired tokens answer Abgelaufen (ask for a new link), a used one TokenBereitsVerwendet.
 */
export async function consumeAccountToken(
  tx: Db,
  args: { tenantSlug: string; token: string; purposes: readonly TokenPurpose[]; clock?: Clock },
): Promise<TokenRow> {
  const now = (args.clock ?? systemClock)()
  const hash = hashSecret(args.token)
  const [used] = await tx
    .update(accountTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(accountTokens.tokenHash, hash),
        eq(accountTokens.tenantSlug, args.tenantSlug),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, now),
        inArray(accountTokens.purpose, [...args.purposes]),
      ),
    )
    .returning()
  if (used) return used
  throw await diagnose(tx, args.tenantSlug, hash, args.purposes)
}

/** Reads a token without using it (the password form checks its link before showing the form). */
export async function peekAccountToken(
  tx: Db,
  args: { tenantSlug: string; token: string; purposes: readonly TokenPurpose[]; clock?: Clock },
): Promise<TokenRow> {
  const now = (args.clock ?? systemClock)()
  const hash = hashSecret(args.token)
  const [row] = await tx
    .select()
    .from(accountTokens)
    .where(and(eq(accountTokens.tokenHash, hash), eq(accountTokens.tenantSlug, args.tenantSlug)))
    .limit(1)
  if (row && !row.usedAt && row.expiresAt > now && args.purposes.includes(row.purpose as TokenPurpose))
    return row
  throw await diagnose(tx, args.tenantSlug, hash, args.purposes)
}

async function diagnose(tx: Db, tenantSlug: string, hash: string, purposes: readonly TokenPurpose[]) {
  const [row] = await tx
    .select({ usedAt: accountTokens.usedAt, purpose: accountTokens.purpose })
    .from(accountTokens)
    .where(and(eq(accountTokens.tokenHash, hash), eq(accountTokens.tenantSlug, tenantSlug)))
    .limit(1)
  if (row?.usedAt && purposes.includes(row.purpose as TokenPurpose))
    return new ApiError('TokenBereitsVerwendet')
  return new ApiError('Abgelaufen')
}
