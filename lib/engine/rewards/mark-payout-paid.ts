import 'server-only'
import { and, eq, isNull } from 'drizzle-orm'
import { getDb } from '@/lib/engine/db'
import { payoutBatches, rewards } from '@/lib/db/schema'
import { ApiError } from '@/lib/shared/errors'
import { maskIban } from '@/lib/shared/iban'
import { systemClock, type Clock } from '@/lib/engine/clock'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import { kickMailWorker } from '@/lib/engine/mail/start-mail-worker'
import { maskCustomerNumber } from './mask-customer-number'
import { payoutBatchOf, payoutBatchSummary } from './payout-batch'
import { openBankDataOfReward, openCustomerNumberOfReward } from './reward-secrets'
import { rewardLinkToken } from './reward-token'
import { sendRewardPaidMail } from './send-reward-paid-mail'
import { transitionRewards } from './transition'

/** The bank (or billing) executed the batch: its rewards are Ausgezahlt and each beneficiary is told. */
export async function markPayoutPaid(tenant: Tenant, id: string, clock: Clock = systemClock) {
  const now = clock()
  const db = await getDb()
  const batch = await payoutBatchOf(tenant, id)
  const paid = await db.transaction(async (tx) => {
    const [marked] = await tx
      .update(payoutBatches)
      .set({ paidAt: now })
      .where(and(eq(payoutBatches.id, batch.id), isNull(payoutBatches.paidAt)))
      .returning()
    if (!marked) throw new ApiError('AuszahlungBereitsBezahlt')
    const moved = await transitionRewards(tx, {
      where: eq(rewards.payoutBatchId, batch.id),
      from: ['Bereitgestellt'],
      to: 'Ausgezahlt',
      cause: `Auszahlung ${batch.messageId} ausgeführt`,
      now,
      set: { paidAt: now },
    })
    for (const r of moved) {
      const bank = openBankDataOfReward(r)
      const destination = bank
        ? { iban: maskIban(bank.iban) }
        : { kundennummer: maskCustomerNumber(openCustomerNumberOfReward(r) ?? '') }
      const token = r.beguenstigter === 'Empfaenger' ? await rewardLinkToken(tx, r, now) : null
      await sendRewardPaidMail(tx, tenant, r, destination, token)
    }
    return { ...marked, paidCount: moved.length }
  })
  kickMailWorker()
  return payoutBatchSummary(paid)
}
