import 'server-only'
import { eq, type InferSelectModel } from 'drizzle-orm'
import { referrerCustomerNumbers } from '@/lib/db/schema'
import type { Db } from '@/lib/engine/db'
import { env } from '@/lib/shared/env'
import { ApiError } from '@/lib/shared/errors'
import {
  maskKundennummer,
  type CustomerNumberResult,
  type CustomerNumberState,
} from '@/lib/contracts/customer-number'
import { blindIndex, decryptField, deriveFieldKey, encryptField } from '@/lib/engine/crypto/field-encryption'
import type { Tenant } from '@/lib/engine/tenants/tenant'

/**
 * How a customer number is kept at rest: encrypted (AES-GCM, its own key purpose) and bound to tenant
 * and referrer, so a value copied to another row does not decrypt; beside it a blind index for finding
 * the same number again without decrypting (e.g. one number given by several referrers).
 */

export type CustomerNumberRow = InferSelectModel<typeof referrerCustomerNumbers>

function keys() {
  const secret = env().FIELD_ENCRYPTION_SECRET
  return {
    data: deriveFieldKey(secret, 'customernumber'),
    index: deriveFieldKey(secret, 'customernumber-index'),
  }
}

const aad = (tenantSlug: string, referrerId: string) => `${tenantSlug}:${referrerId}:kundennummer`

export function encryptCustomerNumber(tenantSlug: string, referrerId: string, digits: string) {
  const { data } = keys()
  return encryptField(digits, data, aad(tenantSlug, referrerId))
}

export function decryptCustomerNumber(tenantSlug: string, row: CustomerNumberRow): string {
  return decryptField(row.kundennummerEncrypted, keys().data, aad(tenantSlug, row.referrerId))
}

/** Per tenant: the same number with two providers is not the same customer. */
export function customerNumberIndex(tenantSlug: string, digits: string): string {
  return blindIndex(`${tenantSlug}:${digits}`, keys().index)
}

/** Customer numbers exist only where rewards can be credited against them; elsewhere NichtGefunden. */
export function assertCreditOffered(tenant: Tenant): void {
  if (!tenant.settings.RewardKinds.includes('credit')) throw new ApiError('NichtGefunden')
}

/** The answer of GetResultFromKundennummer for a stored row (or none). */
export function toCustomerNumberResult(
  tenantSlug: string,
  row: CustomerNumberRow | null,
): CustomerNumberResult {
  if (!row) return { Kundennummer: null, Status: 'Keine', GeaendertAm: null }
  return {
    Kundennummer: maskKundennummer(decryptCustomerNumber(tenantSlug, row)),
    Status: row.status as CustomerNumberState,
    GeaendertAm: row.updatedAt.toISOString(),
  }
}

/** The referrer's stored number, locked for the rest of the transaction `tx` (none: undefined). */
export async function lockCustomerNumber(tx: Db, referrerId: string): Promise<CustomerNumberRow | undefined> {
  const [current] = await tx
    .select()
    .from(referrerCustomerNumbers)
    .where(eq(referrerCustomerNumbers.referrerId, referrerId))
    .for('update')
  return current
}
