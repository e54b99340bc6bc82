import 'server-only'
import { eq } from 'drizzle-orm'
import type { Db } from '@/lib/engine/db'
import { recipientBankAccounts } from '@/lib/db/schema'
import { openBankAccount, type BankAccount } from '@/lib/engine/banking/bank-data'
import { readCustomerNumber } from '@/lib/engine/customer-numbers/read-customer-number'
import { readReferrerBankData } from '@/lib/engine/referrers/referrer-bank-data'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import type { RewardRow } from './transition'

type Beneficiary = Pick<RewardRow, 'beguenstigter' | 'referrerId' | 'recipientId'>

/** The bank account stored for a reward's beneficiary: the referrer's (ModuleStoringBankdata) or the recipient's. */
export async function storedBankData(
  db: Db,
  tenant: Tenant,
  reward: Beneficiary,
): Promise<BankAccount | null> {
  if (reward.beguenstigter === 'Empfehler') {
    if (!tenant.settings.ModuleStoringBankdata || !reward.referrerId) return null
    return readReferrerBankData(tenant.slug, reward.referrerId)
  }
  if (!reward.recipientId) return null
  const [row] = await db
    .select()
    .from(recipientBankAccounts)
    .where(eq(recipientBankAccounts.recipientId, reward.recipientId))
    .limit(1)
  return row ? openBankAccount(`${tenant.slug}:${reward.recipientId}`, row) : null
}

/**
 * The referrer's customer number a credit can be booked against (tenants offering 'credit'); a number
 * the provider rejected does not count.
 */
export async function storedCustomerNumber(
  db: Db,
  tenant: Tenant,
  reward: Beneficiary,
): Promise<string | null> {
  if (reward.beguenstigter !== 'Empfehler' || !reward.referrerId) return null
  if (!tenant.settings.RewardKinds.includes('credit')) return null
  const stored = await readCustomerNumber(tenant.slug, reward.referrerId, db)
  return stored && stored.status !== 'Abgelehnt' ? stored.kundennummer : null
}
