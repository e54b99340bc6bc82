import 'server-only'
import { desc, eq } from 'drizzle-orm'
import { getDb } from '@/lib/engine/db'
import { payoutBatches } from '@/lib/db/schema'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import { payoutBatchSummary, type PayoutBatchSummary } from './payout-batch'

/** The tenant's payout batches, newest first. */
export async function listPayoutBatches(tenant: Tenant): Promise<PayoutBatchSummary[]> {
  const db = await getDb()
  const rows = await db
    .select()
    .from(payoutBatches)
    .where(eq(payoutBatches.tenantSlug, tenant.slug))
    .orderBy(desc(payoutBatches.createdAt), desc(payoutBatches.id))
    .limit(200)
  return rows.map(payoutBatchSummary)
}
