import 'server-only'
import { env } from '@/lib/shared/env'
import {
  decryptField,
  deriveFieldKey,
  encryptField,
  FieldDecryptionError,
} from '@/lib/engine/crypto/field-encryption'
import { log } from '@/lib/shared/log'
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

/**
 * The bank data picked for a reward; null when there is none, or when it cannot be decrypted (another
 * FIELD_ENCRYPTION_SECRET, a damaged row), which is logged: answers and exports go on without it.
 */
export function openBankDataOfReward(
  reward: Row & Pick<RewardRow, 'ibanEncrypted' | 'holderEncrypted' | 'nummer'>,
): BankAccount | null {
  const { ibanEncrypted, holderEncrypted } = reward
  if (!ibanEncrypted || !holderEncrypted) return null
  return readable(reward, () => openBankAccount(aad(reward), { ibanEncrypted, holderEncrypted }))
}

function readable<T>(reward: Row & Pick<RewardRow, 'nummer'>, open: () => T): T | null {
  try {
    return open()
  } catch (error) {
    if (!(error instanceof FieldDecryptionError)) throw error
    log.error('reward payout data unreadable', { tenant: reward.tenantSlug, reward: reward.nummer })
    return null
  }
}

const customerKey = () => deriveFieldKey(env().FIELD_ENCRYPTION_SECRET, 'reward-customer-number')

export function sealCustomerNumberForReward(reward: Row, kundennummer: string) {
  return encryptField(kundennummer, customerKey(), `${aad(reward)}:kundennummer`)
}

/** The customer number picked for a credit; null when there is none or it cannot be decrypted (logged). */
export function openCustomerNumberOfReward(
  reward: Row & Pick<RewardRow, 'kundennummerEncrypted' | 'nummer'>,
): string | null {
  const sealed = reward.kundennummerEncrypted
  if (!sealed) return null
  return readable(reward, () => decryptField(sealed, customerKey(), `${aad(reward)}:kundennummer`))
}
