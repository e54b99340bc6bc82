import 'server-only'
import { getDb } from '@/lib/engine/db'
import type { Praemierungen } from '@/lib/contracts/praemierung'
import { systemClock, type Clock } from '@/lib/engine/clock'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import { hasStoredBankData } from './has-stored-bank-data'
import type { RewardCaller } from './own-rewards'
import { storedCustomerNumber } from './payout-data'
import { balance, ownRewardsInContext, toPraemierung } from './praemierung-answer'

/** GET /praemierung/: the caller's rewards with the reward account balance. */
export async function listPraemierungen(
  tenant: Tenant,
  caller: RewardCaller,
  clock: Clock = systemClock,
): Promise<Praemierungen> {
  const db = await getDb()
  const { list, context } = await ownRewardsInContext(db, tenant, caller, clock())
  const first = list[0]
  // What the answer adds for the beneficiary is read side by side.
  const [customerNumber, bankData] = await Promise.all([
    first ? storedCustomerNumber(db, tenant, first) : null,
    first ? hasStoredBankData(db, tenant, first) : false,
  ])
  return {
    Praemien: list.map((r) => toPraemierung(tenant, r, context, customerNumber !== null)),
    Konto: balance(list),
    BankdatenGespeichert: bankData,
  }
}
