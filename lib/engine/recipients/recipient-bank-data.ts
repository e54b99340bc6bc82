import 'server-only'
import { recipientBankAccounts } from '@/lib/db/schema'
import { getDb } from '@/lib/engine/db'
import { ApiError } from '@/lib/shared/errors'
import type { TokenClaims } from '@/lib/engine/auth/token'
import { checkedIbanOrThrow, maskBankAccount, sealBankAccount } from '@/lib/engine/banking/bank-data'
import { systemClock, type Clock } from '@/lib/engine/clock'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import { recipientForToken } from './recipient-consent'

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
  const iban = checkedIbanOrThrow(tenant, input.IBAN)
  const account = { iban, holder: input.Kontoinhaber }
  const values = sealBankAccount(`${tenant.slug}:${recipient.id}`, account, clock())
  const db = await getDb()
  await db
    .insert(recipientBankAccounts)
    .values({ recipientId: recipient.id, ...values })
    .onConflictDoUpdate({ target: recipientBankAccounts.recipientId, set: values })
  return maskBankAccount(account)
}
