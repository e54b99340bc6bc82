import 'server-only'
import { and, eq, gt, inArray, isNull, lte, notExists, or, sql, type SQL } from 'drizzle-orm'
import type { Db } from '@/lib/engine/db'
import { accountTokens, recommendations, referrers } from '@/lib/db/schema'
import { rowsOf } from '@/lib/db/plain-statements'
import { ApiError } from '@/lib/shared/errors'
import { TOKEN_LIFETIME_SECONDS } from '@/lib/engine/auth/one-time-token'
import { hourSlot, runOnce } from '@/lib/engine/jobs/run-once'

/**
 * A recommendation made without login waits for its referrer's opt-in (the mailed participation link).
 * Anyone can type anyone's e-mail into the form, so until the link is used it is nobody's: it waits
 * only as long as the link works, is not listed in the account, never blocks the account owner's own
 * recommendation of the product, and is deleted by the hourly job once its time is up.
 */

/** How long a recommendation waits for the opt-in: exactly as long as the participation link works. */
export const OPT_IN_WAIT_MS = TOKEN_LIFETIME_SECONDS.participation * 1000

/**
 * Until when an unconfirmed recommendation waits (its `expires_at` before the opt-in); every new
 * participation link moves it to the link's own end (lib/engine/recommendations/recommendation-mails.ts).
 */
export function optInDeadline(from: Date): Date {
  return new Date(from.getTime() + OPT_IN_WAIT_MS)
}

/** Rows written before the deadline was stored wait from their creation. */
function deadlinePassed(now: Date): SQL {
  return or(
    lte(recommendations.expiresAt, now),
    and(
      isNull(recommendations.expiresAt),
      lte(recommendations.createdAt, new Date(now.getTime() - OPT_IN_WAIT_MS)),
    ),
  )!
}

/**
 * Waiting for the opt-in, and still within its time. SQL text (it is on the path of every
 * recommendation, see makeWayForRecommendation), with the table's own name on each column.
 */
export function awaitingOptIn(now: Date): SQL {
  const waitingSince = new Date(now.getTime() - OPT_IN_WAIT_MS).toISOString()
  return sql`(recommendations.activated_at is null
    and (recommendations.expires_at > ${now.toISOString()}::timestamptz
      or (recommendations.expires_at is null and recommendations.created_at > ${waitingSince}::timestamptz)))`
}

/** Never confirmed, and its time to wait is up: gone with the next run of the job. */
export function optInMissed(now: Date): SQL {
  return and(isNull(recommendations.activatedAt), deadlinePassed(now))!
}

/**
 * Deletes the recommendations whose opt-in did not come in time, with the friend's name typed into
 * them. Nothing else refers to one (a friend can follow only a confirmed recommendation). Idempotent:
 * a second run finds nothing more. Answers how many went, per tenant.
 */
export async function deleteMissedOptIns(db: Db, now: Date): Promise<Record<string, number>> {
  const gone = await db
    .delete(recommendations)
    .where(optInMissed(now))
    .returning({ tenantSlug: recommendations.tenantSlug })
  await deleteUnclaimedReferrers(db, now)
  const deleted: Record<string, number> = {}
  for (const { tenantSlug } of gone) deleted[tenantSlug] = (deleted[tenantSlug] ?? 0) + 1
  return deleted
}

/**
 * The rows of e-mail addresses that nobody claimed: written by a recommendation without login (or a
 * registration) with names whoever typed them chose, never confirmed, no password, no login, nothing
 * of theirs left and no mailed link of theirs still working. They go with the recommendations they
 * came with, so a stranger's typing leaves nothing behind in someone else's name.
 */
async function deleteUnclaimedReferrers(db: Db, now: Date): Promise<void> {
  await db.delete(referrers).where(
    and(
      isNull(referrers.confirmedAt),
      isNull(referrers.passwordHash),
      isNull(referrers.lastLoginAt),
      lte(referrers.createdAt, new Date(now.getTime() - OPT_IN_WAIT_MS)),
      notExists(
        db
          .select({ one: sql`1` })
          .from(recommendations)
          .where(eq(recommendations.referrerId, referrers.id)),
      ),
      notExists(
        db
          .select({ one: sql`1` })
          .from(accountTokens)
          .where(and(eq(accountTokens.referrerId, referrers.id), gt(accountTokens.expiresAt, now))),
      ),
    ),
  )
}

/** The hourly run, once across all servers (lib/engine/jobs/run-once.ts). */
export function deleteMissedOptInsOnce(db: Db, now: Date) {
  return runOnce(db, 'recommendation-opt-in', hourSlot(now), now, () => deleteMissedOptIns(db, now))
}

/**
 * Moves the deadline of the referrer's waiting recommendations to the end of a new participation link
 * (the earlier links stop working with it). Ones whose time is already up are left to the job.
 */
export async function extendOptInDeadline(tx: Db, referrerId: string, until: Date, now: Date) {
  await tx
    .update(recommendations)
    .set({ expiresAt: until })
    .where(and(eq(recommendations.referrerId, referrerId), awaitingOptIn(now)))
}

/**
 * The referrer's recommendations of the product that are awaiting the opt-in or shareable: the
 * statement, sent in the transaction that holds the referrer's row after the lock
 * (lib/db/in-order.ts); makeWayForRecommendation decides on its answer. `referrerId` may be a subquery
 * (the referrer found by e-mail in the same transaction).
 */
export function openRecommendationsOf(args: { referrerId: string | SQL; produktId: number; now: Date }): SQL {
  return sql`
      select id, activated_at, client_key from recommendations
        where referrer_id = ${args.referrerId} and produkt_id = ${args.produktId}
          and (${awaitingOptIn(args.now)}
            or (activated_at is not null and expires_at > ${args.now.toISOString()}::timestamptz))`
}

/**
 * Before a new recommendation of a product, in the transaction that holds the referrer's row, on the
 * answer of openRecommendationsOf: a valid confirmed one answers EmpfehlungExists. One that waits for
 * the opt-in is nobody's yet: the same client asking again is told to use the mail link or ask for it
 * again (EmpfehlungExistsAndOptInRequired, SPEC §8); the logged-in owner's recommendation, or a request
 * from another client, replaces it, so whoever typed someone else's address first never blocks the
 * owner.
 */
export async function makeWayForRecommendation(
  tx: Db,
  openAnswer: unknown,
  args: { owner: boolean; clientKey: string | null },
) {
  const open = rowsOf(recommendations, openAnswer, ['id', 'activatedAt', 'clientKey'])
  if (open.some((row) => row.activatedAt)) throw new ApiError('EmpfehlungExists')
  if (!args.owner && open.some((row) => row.clientKey === args.clientKey))
    throw new ApiError('EmpfehlungExistsAndOptInRequired')
  if (open.length === 0) return
  await tx.delete(recommendations).where(
    and(
      inArray(
        recommendations.id,
        open.map((row) => row.id),
      ),
      isNull(recommendations.activatedAt),
    ),
  )
}
