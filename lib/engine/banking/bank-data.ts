import 'server-only'
import { env } from '@/lib/shared/env'
import { ApiError } from '@/lib/shared/errors'
import { maskIban, validateIban } from '@/lib/shared/iban'
import { blindIndex, decryptField, deriveFieldKey, encryptField } from '@/lib/engine/crypto/field-encryption'
import type { Tenant } from '@/lib/engine/tenants/tenant'

/**
 * Bank data at rest, shared by the recipient's account (EmpfaengerBankdaten) and the referrer's
 * (EmpfehlerBankdaten): one IBAN check, one pair of keys, one way to seal, open and mask an account.
 * IBAN and holder are encrypted (AES-GCM) and bound to their row by the associated data, so a value
 * copied to another row or tenant does not decrypt; the blind index finds the same IBAN without
 * decrypting it.
 */

export type BankAccount = { iban: string; holder: string }

/** The columns of a stored account (recipient_bank_accounts and referrer_bank_accounts alike). */
export type SealedBankAccount = {
  ibanEncrypted: string
  holderEncrypted: string
  ibanIndex: string
  updatedAt: Date
}

/** The keys of bank data: one to encrypt, one of its own for the blind index. */
export function bankDataKeys() {
  const secret = env().FIELD_ENCRYPTION_SECRET
  return { data: deriveFieldKey(secret, 'bankdata'), index: deriveFieldKey(secret, 'bankdata-index') }
}

/** Masks an account holder for answers: the first letter of each word and the rest as dots. */
export function maskHolder(holder: string): string {
  return holder
    .split(/\s+/)
    .map((word) => (word.length <= 1 ? word : `${word[0]}${'•'.repeat(Math.min(word.length - 1, 6))}`))
    .join(' ')
}

/**
 * The IBAN in its electronic form once it passed the checks (country, length, BBAN format, checksum;
 * German only under ModuleIBANNurDE); otherwise IbanUngueltig or IbanNichtDeutsch with the reason as
 * the field issue.
 */
export function checkedIbanOrThrow(tenant: Tenant, input: string): string {
  const checked = validateIban(input, { germanOnly: tenant.settings.ModuleIBANNurDE })
  if (checked.ok) return checked.iban
  throw new ApiError(checked.reason === 'notGerman' ? 'IbanNichtDeutsch' : 'IbanUngueltig', {
    fields: [{ Field: 'IBAN', Code: checked.reason }],
  })
}

/** Encrypts an account for its row; `aad` names the row, e.g. `${tenant}:${recipientId}`. */
export function sealBankAccount(aad: string, account: BankAccount, now: Date): SealedBankAccount {
  const { data, index } = bankDataKeys()
  return {
    ibanEncrypted: encryptField(account.iban, data, `${aad}:iban`),
    holderEncrypted: encryptField(account.holder, data, `${aad}:holder`),
    ibanIndex: blindIndex(account.iban, index),
    updatedAt: now,
  }
}

/** Decrypts a stored account with the `aad` it was sealed with; FieldDecryptionError otherwise. */
export function openBankAccount(
  aad: string,
  row: Pick<SealedBankAccount, 'ibanEncrypted' | 'holderEncrypted'>,
) {
  const { data } = bankDataKeys()
  return {
    iban: decryptField(row.ibanEncrypted, data, `${aad}:iban`),
    holder: decryptField(row.holderEncrypted, data, `${aad}:holder`),
  } satisfies BankAccount
}

/** An account as answers show it: never the full IBAN or holder (QUALITY §Security 13). */
export function maskBankAccount(account: BankAccount) {
  return { IBAN: maskIban(account.iban), Kontoinhaber: maskHolder(account.holder) }
}
