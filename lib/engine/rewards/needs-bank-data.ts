import 'server-only'
import type { Db } from '@/lib/engine/db'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import { hasStoredBankData } from './has-stored-bank-data'
import type { RewardRow } from './transition'

/** Cash is the only way to collect and no bank data is on file for the beneficiary. */
export async function needsBankData(
  tx: Db,
  tenant: Tenant,
  reward: Pick<RewardRow, 'beguenstigter' | 'referrerId' | 'recipientId'>,
): Promise<boolean> {
  const kinds = tenant.settings.RewardKinds
  if (kinds.length !== 1 || kinds[0] !== 'cash') return false
  return !(await hasStoredBankData(tx, tenant, reward))
}
