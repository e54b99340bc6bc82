import 'server-only'
import { getDb } from '@/lib/engine/db'
import { referrerCustomerNumbers } from '@/lib/db/schema'
import type { CustomerNumberResult } from '@/lib/contracts/customer-number'
import type { TokenClaims } from '@/lib/engine/auth/token'
import { systemClock, type Clock } from '@/lib/engine/clock'
import { getReferrerForSession } from '@/lib/engine/referrers/get-referrer-for-session'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import { undoCreditPicks } from '@/lib/engine/rewards/undo-credit-picks'
import {
  assertCreditOffered,
  lockCustomerNumber,
  customerNumberIndex,
  encryptCustomerNumber,
  toCustomerNumberResult,
} from './stored-customer-number'

/**
 * PUT /empfehler/SetKundennummerForEmpfehler/{kundennummer}: stores the logged-in referrer's customer
 * number (digits only, checked by the caller) encrypted, as Ausstehend until the operator confirms or
 * rejects it. The number already on file changes nothing, so its decision stays; another number
 * replaces it and is checked anew, and the credits picked with the old one are to be picked again
 * (undoCreditPicks). Only on tenants that credit rewards (else NichtGefunden).
 */
export async function setCustomerNumber(
  tenant: Tenant,
  auth: TokenClaims,
  digits: string,
  clock: Clock = systemClock,
): Promise<CustomerNumberResult> {
  const referrer = await getReferrerForSession(tenant.slug, auth)
  assertCreditOffered(tenant)
  const index = customerNumberIndex(tenant.slug, digits)
  const db = await getDb()
  const row = await db.transaction(async (tx) => {
    const current = await lockCustomerNumber(tx, referrer.id)
    if (current?.kundennummerIndex === index) return current
    const values = {
      kundennummerEncrypted: encryptCustomerNumber(tenant.slug, referrer.id, digits),
      kundennummerIndex: index,
      status: 'Ausstehend',
      updatedAt: clock(),
    }
    const [saved] = await tx
      .insert(referrerCustomerNumbers)
      .values({ referrerId: referrer.id, ...values })
      .onConflictDoUpdate({ target: referrerCustomerNumbers.referrerId, set: values })
      .returning()
    if (current) await undoCreditPicks(tx, referrer.id, 'Kundennummer geändert', values.updatedAt)
    return saved!
  })
  return toCustomerNumberResult(tenant.slug, row)
}
