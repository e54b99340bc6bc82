import 'server-only'
import { eq } from 'drizzle-orm'
import { getDb } from '@/lib/engine/db'
import { referrerCustomerNumbers } from '@/lib/db/schema'
import type { CustomerNumberResult } from '@/lib/contracts/customer-number'
import type { TokenClaims } from '@/lib/engine/auth/token'
import { getReferrerForSession } from '@/lib/engine/referrers/get-referrer-for-session'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import { assertCreditOffered, toCustomerNumberResult } from './stored-customer-number'

/**
 * GET /empfehler/GetResultFromKundennummer/: the logged-in referrer's customer number, masked, with the
 * state of its check (Keine while none is stored). Only on tenants that credit rewards.
 */
export async function getCustomerNumberResult(
  tenant: Tenant,
  auth: TokenClaims,
): Promise<CustomerNumberResult> {
  const referrer = await getReferrerForSession(tenant.slug, auth)
  assertCreditOffered(tenant)
  const db = await getDb()
  const [row] = await db
    .select()
    .from(referrerCustomerNumbers)
    .where(eq(referrerCustomerNumbers.referrerId, referrer.id))
    .limit(1)
  return toCustomerNumberResult(tenant.slug, row ?? null)
}
