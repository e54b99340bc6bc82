import 'server-only'
import { and, eq } from 'drizzle-orm'
import { getDb } from '@/lib/engine/db'
import { payoutBatches } from '@/lib/db/schema'
import { ApiError } from '@/lib/shared/errors'
import type { Tenant } from '@/lib/engine/tenants/tenant'

/** Payout batches as the payout verbs (export, list, file, paid) read and answer them. */

export const PAYOUT_KINDS = ['SEPA', 'Gutschrift'] as const
export type PayoutKind = (typeof PAYOUT_KINDS)[number]

export type PayoutBatchSummary = {
  Id: string
  Art: PayoutKind
  MessageId: string
  Anzahl: number
  SummeCent: number
  ErstelltAm: string
  BezahltAm: string | null
}

export const payoutBatchSummary = (b: typeof payoutBatches.$inferSelect): PayoutBatchSummary => ({
  Id: b.id,
  Art: b.art as PayoutKind,
  MessageId: b.messageId,
  Anzahl: b.anzahl,
  SummeCent: b.summeCent,
  ErstelltAm: b.createdAt.toISOString(),
  BezahltAm: b.paidAt?.toISOString() ?? null,
})

/** The tenant's batch of this id, or NichtGefunden. */
export async function payoutBatchOf(tenant: Tenant, id: string) {
  const db = await getDb()
  const [row] = await db
    .select()
    .from(payoutBatches)
    .where(and(eq(payoutBatches.tenantSlug, tenant.slug), eq(payoutBatches.id, id)))
    .limit(1)
  if (!row) throw new ApiError('NichtGefunden')
  return row
}
