import 'server-only'
import { and, eq, isNull } from 'drizzle-orm'
import type { Db } from '@/lib/engine/db'
import { orders, recommendations, rewards } from '@/lib/db/schema'
import { germanToday } from '@/lib/shared/catalog/reward-periods'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import { grantBonus } from './grant-bonus'
import { makeReady } from './make-ready'

export type OrderRow = typeof orders.$inferSelect

/** The day the complaint period (ModuleAuftragsdatumMindestalterTage) of an order ends. */
function complaintPeriodEnd(auftragsdatum: string, days: number): string {
  const date = new Date(`${auftragsdatum}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() + days)
  return date.toISOString().slice(0, 10)
}

/** A completed order whose complaint period has passed (in German time) is a successful contract. */
function isSuccessful(order: Pick<OrderRow, 'status' | 'auftragsdatum'>, tenant: Tenant, now: Date) {
  return (
    order.status === 'Gezahlt' &&
    complaintPeriodEnd(order.auftragsdatum, tenant.settings.ModuleAuftragsdatumMindestalterTage) <=
      germanToday(now)
  )
}

/**
 * Settles an order in the caller's transaction: once it is a successful contract (and, for an agency's
 * order, released by the agency) it is marked so, its
 * open rewards become ready (Bereitgestellt, each with its link mailed), and the referrer's bonus tier
 * is checked. Idempotent: a settled order is left alone. Answers whether this call settled it.
 */
export async function settleOrder(
  tx: Db,
  tenant: Tenant,
  order: OrderRow,
  now: Date,
  cause: string,
): Promise<boolean> {
  if (order.successfulAt || !isSuccessful(order, tenant, now)) return false
  // An agency's order waits for the agency's release (lib/engine/agency/release-order.ts).
  if (order.agencyId && !order.releasedAt) return false
  const [marked] = await tx
    .update(orders)
    .set({ successfulAt: now, updatedAt: now })
    .where(and(eq(orders.id, order.id), isNull(orders.successfulAt), eq(orders.status, 'Gezahlt')))
    .returning()
  if (!marked) return false
  await makeReady(tx, tenant, eq(rewards.orderId, order.id), now, cause, order.produktName)
  const [rec] = await tx
    .select({ referrerId: recommendations.referrerId })
    .from(recommendations)
    .where(eq(recommendations.id, order.recommendationId))
    .limit(1)
  if (rec?.referrerId) await grantBonus(tx, tenant, rec.referrerId, now)
  return true
}
