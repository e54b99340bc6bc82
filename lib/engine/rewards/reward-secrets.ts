import 'server-only'
import { env } from '@/lib/env'
import { decryptField, deriveFieldKey, encryptField } from '@/lib/crypto/field-encryption'
import { openBankAccount, sealBankAccount, type BankAccount } from '@/lib/engine/banking/bank-data'
import type { RewardRow } from './transition'

/**
 * Bank data and customer numbers copied onto a picked reward, encrypted and bound to the reward's row:
 * what was chosen for this reward stays as it was, whatever the person changes later.
 */
type Row = Pick<RewardRow, 'tenantSlug' | 'id'>
const aad = (reward: Row) => `${reward.tenantSlug}:reward:${reward.id}`

export function sealBankDataForReward(reward: Row, account: BankAccount, now: Date) {
  const { ibanEncrypted, holderEncrypted } = sealBankAccount(aad(reward), account, now)
  return { ibanEncrypted, holderEncrypted }
}

export function openBankDataOfReward(
  reward: Row & Pick<RewardRow, 'ibanEncrypted' | 'holderEncrypted'>,
): BankAccount | null {
  if (!reward.ibanEncrypted || !reward.holderEncrypted) return null
  return openBankAccount(aad(reward), {
    ibanEncrypted: reward.ibanEncrypted,
    holderEncrypted: reward.holderEncrypted,
  })
}

const customerKey = () => deriveFieldKey(env().FIELD_ENCRYPTION_SECRET, 'reward-customer-number')

export function sealCustomerNumberForReward(reward: Row, kundennummer: string) {
  return encryptField(kundennummer, customerKey(), `${aad(reward)}:kundennummer`)
}

export function openCustomerNumberOfReward(
  reward: Row & Pick<RewardRow, 'kundennummerEncrypted'>,
): string | null {
  if (!reward.kundennummerEncrypted) return null
  return decryptField(reward.kundennummerEncrypted, customerKey(), `${aad(reward)}:kundennummer`)
}
