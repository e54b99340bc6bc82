import 'server-only'
import { and, eq, inArray, type SQL } from 'drizzle-orm'
import type { Db } from '@/lib/engine/db'
import { rewardEvents, rewards } from '@/lib/db/schema'
import type { RewardState } from '@/lib/contracts/praemierung'

export type RewardRow = typeof rewards.$inferSelect

/**
 * Moves rewards from one of `from` to `to` and records each move with its previous status, time and
 * cause, in the caller's transaction. The rows are locked first and the status is checked again under
 * the lock, so every transition is a compare-and-set: of two servers (or two requests) moving the same
 * reward, exactly one wins; the other gets no row back.
 */
export async function transitionRewards(
  tx: Db,
  args: {
    where: SQL | undefined
    from: readonly RewardState[]
    to: RewardState
    cause: string
    now: Date
    set?: Partial<typeof rewards.$inferInsert>
  },
): Promise<RewardRow[]> {
  const locked = await tx
    .select({ id: rewards.id, status: rewards.status })
    .from(rewards)
    .where(and(args.where, inArray(rewards.status, [...args.from])))
    .for('update')
  if (locked.length === 0) return []
  const before = new Map(locked.map((r) => [r.id, r.status]))
  const moved = await tx
    .update(rewards)
    .set({ ...args.set, status: args.to, updatedAt: args.now })
    .where(
      and(
        inArray(
          rewards.id,
          locked.map((r) => r.id),
        ),
        inArray(rewards.status, [...args.from]),
      ),
    )
    .returning()
  if (moved.length > 0) {
    await tx.insert(rewardEvents).values(
      moved.map((r) => ({
        rewardId: r.id,
        fromStatus: before.get(r.id) ?? null,
        toStatus: args.to,
        cause: args.cause,
        at: args.now,
      })),
    )
  }
  return moved
}

/** Records the creation of rewards (no previous status). */
export async function recordCreated(tx: Db, created: RewardRow[], cause: string, now: Date) {
  if (created.length === 0) return
  await tx
    .insert(rewardEvents)
    .values(created.map((r) => ({ rewardId: r.id, fromStatus: null, toStatus: r.status, cause, at: now })))
}

export const byId = (id: string) => eq(rewards.id, id)
