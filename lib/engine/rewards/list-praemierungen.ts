import 'server-only'
import { getDb } from '@/lib/engine/db'
import type { Praemierungen } from '@/lib/contracts/praemierung'
import { systemClock, type Clock } from '@/lib/engine/clock'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import { hasStoredBankData } from './has-stored-bank-data'
import { ownRewards, type RewardCaller } from './own-rewards'
import { storedCustomerNumber } from './payout-data'
import { balance, contextOf, toPraemierung } from './praemierung-answer'

/** GET /praemierung/: the caller's rewards with the reward account balance. */
export async function listPraemierungen(
  tenant: Tenant,
  caller: RewardCaller,
  clock: Clock = systemClock,
): Promise<Praemierungen> {
  const db = await getDb()
  const list = await ownRewards(db, tenant, caller, clock())
  const first = list[0]
  const hasCustomerNumber = first ? (await storedCustomerNumber(db, tenant, first)) !== null : false
  const context = await contextOf(db, list)
  return {
    Praemien: list.map((r) => toPraemierung(tenant, r, context, hasCustomerNumber)),
    Konto: balance(list),
    BankdatenGespeichert: first ? await hasStoredBankData(db, tenant, first) : false,
  }
}
