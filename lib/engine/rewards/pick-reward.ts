import 'server-only'
import { and, eq, isNull } from 'drizzle-orm'
import { getDb, type Db } from '@/lib/engine/db'
import { rewardEvents, rewards } from '@/lib/db/schema'
import { ApiError } from '@/lib/shared/errors'
import type { PickRewardRequest, PraemierungDetails } from '@/lib/contracts/praemierung'
import { systemClock, type Clock } from '@/lib/engine/clock'
import { checkedIbanOrThrow } from '@/lib/engine/banking/bank-data'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import { kickMailWorker } from '@/lib/engine/mail/start-mail-worker'
import { assertPickable, ownReward, type RewardCaller } from './own-rewards'
import { storedBankData, storedCustomerNumber } from './payout-data'
import { optionsFor } from './praemierung-answer'
import { praemierungDetails } from './praemierung-details'
import { sealBankDataForReward, sealCustomerNumberForReward } from './reward-secrets'
import type { RewardRow } from './transition'
import { assignVoucher } from './vouchers'
import { saveReferrerBankData } from '@/lib/engine/referrers/referrer-bank-data'

/**
 * PUT /praemierung/: picks a ready reward once (SPEC §4). Cash needs bank data, given with the pick or
 * stored; a credit needs the referrer's customer number; a voucher is assigned from the pool and mailed
 * (or, with the pool empty, as soon as the operator refills it). The pick is a compare-and-set on the
 * reward's row, so of two simultaneous picks exactly one succeeds; the other answers PraemieBereitsAbgeholt.
 */
export async function pickReward(
  tenant: Tenant,
  caller: RewardCaller,
  input: PickRewardRequest,
  clock: Clock = systemClock,
): Promise<PraemierungDetails> {
  const now = clock()
  const db = await getDb()
  const reward = await ownReward(db, tenant, caller, now, input.PraemieId)
  assertPickable(reward, now)
  const customerNumber = await storedCustomerNumber(db, tenant, reward)
  if (!optionsFor(tenant, reward, customerNumber !== null).includes(input.Auswahl)) {
    if (
      input.Auswahl === 'Gutschrift' &&
      tenant.settings.RewardKinds.includes('credit') &&
      reward.beguenstigter === 'Empfehler'
    )
      throw new ApiError('KundennummerErforderlich')
    throw new ApiError('AuswahlNichtMoeglich')
  }

  const set: Partial<RewardRow> = { auswahl: input.Auswahl, pickedAt: now }
  if (input.Auswahl === 'Bargeld') {
    Object.assign(set, sealBankDataForReward(reward, await bankDataForPick(db, tenant, reward, input), now))
  }
  if (input.Auswahl === 'Gutschrift')
    set.kundennummerEncrypted = sealCustomerNumberForReward(reward, customerNumber!)

  await db.transaction(async (tx) => {
    const [picked] = await tx
      .update(rewards)
      .set({ ...set, updatedAt: now })
      .where(and(eq(rewards.id, reward.id), eq(rewards.status, 'Bereitgestellt'), isNull(rewards.auswahl)))
      .returning()
    if (!picked) throw new ApiError('PraemieBereitsAbgeholt')
    await tx.insert(rewardEvents).values({
      rewardId: picked.id,
      fromStatus: 'Bereitgestellt',
      toStatus: 'Bereitgestellt',
      cause: `Ausgewählt: ${input.Auswahl}`,
      at: now,
    })
    if (input.Auswahl === 'Gutschein') await assignVoucher(tx, tenant, picked, now)
  })
  // Picked; the account given with it is also kept for later rewards where the referrer asked for that.
  if (
    input.Auswahl === 'Bargeld' &&
    input.Bankdaten &&
    input.BankdatenSpeichern &&
    'claims' in caller &&
    caller.claims.role === 'referrer' &&
    reward.beguenstigter === 'Empfehler' &&
    tenant.settings.ModuleStoringBankdata
  )
    await saveReferrerBankData(tenant, caller.claims, input.Bankdaten, () => now)
  kickMailWorker()
  return praemierungDetails(tenant, caller, reward.nummer, () => now)
}

async function bankDataForPick(db: Db, tenant: Tenant, reward: RewardRow, input: PickRewardRequest) {
  if (input.Bankdaten)
    return { iban: checkedIbanOrThrow(tenant, input.Bankdaten.IBAN), holder: input.Bankdaten.Kontoinhaber }
  const stored = input.GespeicherteBankdaten ? await storedBankData(db, tenant, reward) : null
  if (!stored) throw new ApiError('BankdatenErforderlich')
  return stored
}
