import 'server-only'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import { payoutBatchOf, type PayoutKind } from './payout-batch'

/** The exported file again (the same bytes: a batch is never regenerated). */
export async function payoutFile(tenant: Tenant, id: string) {
  const row = await payoutBatchOf(tenant, id)
  return { art: row.art as PayoutKind, messageId: row.messageId, datei: row.datei }
}
