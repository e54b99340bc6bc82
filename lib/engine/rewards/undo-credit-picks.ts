import 'server-only'
import { and, eq, isNull } from 'drizzle-orm'
import type { Db } from '@/lib/engine/db'
import { rewardEvents, rewards } from '@/lib/db/schema'

/**
 * A credit is booked only against the customer number the operator confirmed (export-payouts.ts). When
 * the number on file is rejected or replaced, the referrer's credits not yet exported cannot be booked
 * as picked: they are ready to be picked again (cash or voucher, or a credit once a number is confirmed).
 * `why` opens the reward's history entry. Run in the transaction of the change.
 */
export async function undoCreditPicks(tx: Db, referrerId: string, why: string, now: Date): Promise<void> {
  const undone = await tx
    .update(rewards)
    .set({ auswahl: null, pickedAt: null, kundennummerEncrypted: null, updatedAt: now })
    .where(
      and(
        eq(rewards.referrerId, referrerId),
        eq(rewards.beguenstigter, 'Empfehler'),
        eq(rewards.status, 'Bereitgestellt'),
        eq(rewards.auswahl, 'Gutschrift'),
        isNull(rewards.payoutBatchId),
      ),
    )
    .returning({ id: rewards.id })
  if (undone.length === 0) return
  await tx.insert(rewardEvents).values(
    undone.map(({ id }) => ({
      rewardId: id,
      fromStatus: 'Bereitgestellt',
      toStatus: 'Bereitgestellt',
      cause: `${why}: Auswahl aufgehoben`,
      at: now,
    })),
  )
}
