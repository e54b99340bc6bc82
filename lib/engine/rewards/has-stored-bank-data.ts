import 'server-only'
import { eq } from 'drizzle-orm'
import type { Db } from '@/lib/engine/db'
import { recipientBankAccounts, referrerBankAccounts } from '@/lib/db/schema'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import type { RewardRow } from './transition'

/** Whether bank data is on file for the reward's beneficiary (a referrer's only where the tenant stores it). */
export async function hasStoredBankData(
  tx: Db,
  tenant: Tenant,
  reward: Pick<RewardRow, 'beguenstigter' | 'referrerId' | 'recipientId'>,
): Promise<boolean> {
  if (reward.beguenstigter === 'Empfehler') {
    if (!tenant.settings.ModuleStoringBankdata || !reward.referrerId) return false
    const [row] = await tx
      .select({ id: referrerBankAccounts.referrerId })
      .from(referrerBankAccounts)
      .where(eq(referrerBankAccounts.referrerId, reward.referrerId))
      .limit(1)
    return Boolean(row)
  }
  if (!reward.recipientId) return false
  const [row] = await tx
    .select({ id: recipientBankAccounts.recipientId })
    .from(recipientBankAccounts)
    .where(eq(recipientBankAccounts.recipientId, reward.recipientId))
    .limit(1)
  return Boolean(row)
}
