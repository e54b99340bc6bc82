import 'server-only'
import { asc, eq } from 'drizzle-orm'
import { getDb } from '@/lib/engine/db'
import { rewardEvents } from '@/lib/db/schema'
import type { PraemierungDetails, RewardState } from '@/lib/contracts/praemierung'
import { systemClock, type Clock } from '@/lib/engine/clock'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import { hasStoredBankData } from './has-stored-bank-data'
import { ownReward, type RewardCaller } from './own-rewards'
import { storedCustomerNumber } from './payout-data'
import { contextOf, toPraemierung } from './praemierung-answer'

/** GET /praemierung/?details={PraemieId}: one reward with its history. */
export async function praemierungDetails(
  tenant: Tenant,
  caller: RewardCaller,
  nummer: string,
  clock: Clock = systemClock,
): Promise<PraemierungDetails> {
  const db = await getDb()
  const reward = await ownReward(db, tenant, caller, clock(), nummer)
  const events = await db
    .select({ Status: rewardEvents.toStatus, Am: rewardEvents.at })
    .from(rewardEvents)
    .where(eq(rewardEvents.rewardId, reward.id))
    .orderBy(asc(rewardEvents.at), asc(rewardEvents.seq))
  const customerNumber = await storedCustomerNumber(db, tenant, reward)
  return {
    ...toPraemierung(tenant, reward, await contextOf(db, [reward]), customerNumber !== null),
    Ereignisse: events.map((e) => ({ Status: e.Status as RewardState, Am: e.Am.toISOString() })),
    BankdatenGespeichert: await hasStoredBankData(db, tenant, reward),
    KundennummerGespeichert: customerNumber !== null,
  }
}
