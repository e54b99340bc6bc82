import 'server-only'
import { and, asc, eq } from 'drizzle-orm'
import { getDb } from '@/lib/engine/db'
import { auditLog, referrerCustomerNumbers, referrers } from '@/lib/db/schema'
import type { CustomerNumberEntry, CustomerNumberState } from '@/lib/contracts/customer-number'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import { assertCreditOffered, decryptCustomerNumber } from './stored-customer-number'

const MAX_ENTRIES = 500

/**
 * GET /operator/kundennummer?status=…: the tenant's customer numbers in one state, oldest change first,
 * with the whole number, which the operator checks with the provider. Reading them is audited.
 */
export async function listCustomerNumbers(
  tenant: Tenant,
  status: Exclude<CustomerNumberState, 'Keine'>,
): Promise<CustomerNumberEntry[]> {
  assertCreditOffered(tenant)
  const db = await getDb()
  const rows = await db
    .select({ stored: referrerCustomerNumbers, referrer: referrers })
    .from(referrerCustomerNumbers)
    .innerJoin(referrers, eq(referrers.id, referrerCustomerNumbers.referrerId))
    .where(and(eq(referrers.tenantSlug, tenant.slug), eq(referrerCustomerNumbers.status, status)))
    .orderBy(asc(referrerCustomerNumbers.updatedAt))
    .limit(MAX_ENTRIES)
  await db.insert(auditLog).values({
    tenantSlug: tenant.slug,
    actor: 'operator',
    action: 'customer_numbers_listed',
    detail: { status, anzahl: rows.length },
  })
  return rows.map(({ stored, referrer }) => ({
    Email: referrer.email,
    Vorname: referrer.vorname,
    Nachname: referrer.nachname,
    Kundennummer: decryptCustomerNumber(tenant.slug, stored),
    Status: stored.status as CustomerNumberState,
    GeaendertAm: stored.updatedAt.toISOString(),
  }))
}
