import 'server-only'
import { recipientBankAccounts } from '@/lib/db/schema'
import { getDb } from '@/lib/db/client'
import { env } from '@/lib/env'
import { ApiError } from '@/lib/errors'
import { maskIban, validateIban } from '@/lib/banking/iban'
import { blindIndex, deriveFieldKey, encryptField } from '@/lib/crypto/field-encryption'
import type { TokenClaims } from '@/lib/engine/auth/token'
import { systemClock, type Clock } from '@/lib/engine/clock'
import type { Tenant } from '@/lib/engine/tenants/get-tenant-or-throw'
import { recipientForToken } from './recipient-consent'

function keys() {
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
 * POST /empfaenger/bankdaten (EmpfaengerBankdaten) with the recipient's own token: IBAN and account
 * holder for a cash reward. The IBAN is checked (country, length, format, checksum; German only under
 * ModuleIBANNurDE), both fields are stored encrypted and bound to the recipient, and the answer shows
 * them masked. Without a valid recipient token: BankdatenNichtAutorisiert.
 */
export async function saveRecipientBankData(
  tenant: Tenant,
  claims: TokenClaims | null,
  input: { IBAN: string; Kontoinhaber: string },
  clock: Clock = systemClock,
) {
  if (!claims || claims.role !== 'recipient') throw new ApiError('BankdatenNichtAutorisiert')
  const { recipient } = await recipientForToken(tenant, claims).catch(() => {
    throw new ApiError('BankdatenNichtAutorisiert')
  })
  const checked = validateIban(input.IBAN, { germanOnly: tenant.settings.ModuleIBANNurDE })
  if (!checked.ok)
    throw new ApiError(checked.reason === 'notGerman' ? 'IbanNichtDeutsch' : 'IbanUngueltig', {
      fields: [{ Field: 'IBAN', Code: checked.reason }],
    })
  const { data, index } = keys()
  const aad = `${tenant.slug}:${recipient.id}`
  const values = {
    ibanEncrypted: encryptField(checked.iban, data, `${aad}:iban`),
    holderEncrypted: encryptField(input.Kontoinhaber, data, `${aad}:holder`),
    ibanIndex: blindIndex(checked.iban, index),
    updatedAt: clock(),
  }
  const db = await getDb()
  await db
    .insert(recipientBankAccounts)
    .values({ recipientId: recipient.id, ...values })
    .onConflictDoUpdate({ target: recipientBankAccounts.recipientId, set: values })
  return { IBAN: maskIban(checked.iban), Kontoinhaber: maskHolder(input.Kontoinhaber) }
}
