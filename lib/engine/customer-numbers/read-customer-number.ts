import 'server-only'
import { and, eq } from 'drizzle-orm'
import { getDb, type Db } from '@/lib/engine/db'
import { referrerCustomerNumbers, referrers } from '@/lib/db/schema'
import type { CustomerNumberState } from '@/lib/contracts/customer-number'
import { decryptCustomerNumber } from './stored-customer-number'

export type StoredCustomerNumber = {
  /** The whole number, digits only: for the credit booking, never for an answer or a log. */
  kundennummer: string
  status: Exclude<CustomerNumberState, 'Keine'>
}

/**
 * The reward engine's read of a referrer's customer number (a credit is booked against it only while its
 * status is Bestaetigt). Null when the referrer of that tenant has none. Pass the transaction the caller
 * runs in, if any, so the read sees its writes and locks.
 */
export async function readCustomerNumber(
  tenantSlug: string,
  referrerId: string,
  executor?: Db,
): Promise<StoredCustomerNumber | null> {
  const db = executor ?? (await getDb())
  const [row] = await db
    .select({ stored: referrerCustomerNumbers })
    .from(referrerCustomerNumbers)
    .innerJoin(referrers, eq(referrers.id, referrerCustomerNumbers.referrerId))
    .where(and(eq(referrerCustomerNumbers.referrerId, referrerId), eq(referrers.tenantSlug, tenantSlug)))
    .limit(1)
  if (!row) return null
  return {
    kundennummer: decryptCustomerNumber(tenantSlug, row.stored),
    status: row.stored.status as StoredCustomerNumber['status'],
  }
}
