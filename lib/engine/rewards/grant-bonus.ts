import 'server-only'
import { and, count, eq, inArray, isNotNull, ne } from 'drizzle-orm'
import type { Db } from '@/lib/engine/db'
import { orders, recommendations, rewards } from '@/lib/db/schema'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import { makeReady } from './make-ready'
import { newRewardNumber } from './new-reward-number'
import { recordCreated } from './transition'

/**
 * The bonus tier (SPEC §1): per BonusTier.Contracts successful contracts of the referrer's
 * recommendations one bonus reward, granted once per multiple (a unique key per referrer and step).
 */
export async function grantBonus(tx: Db, tenant: Tenant, referrerId: string, now: Date) {
  const tier = tenant.settings.BonusTier
  if (!tier) return
  const [row] = await tx
    .select({ n: count() })
    .from(orders)
    .innerJoin(recommendations, eq(recommendations.id, orders.recommendationId))
    .where(
      and(
        eq(recommendations.referrerId, referrerId),
        eq(orders.tenantSlug, tenant.slug),
        isNotNull(orders.successfulAt),
        ne(orders.status, 'Storniert'),
      ),
    )
  const steps = Math.floor((row?.n ?? 0) / tier.Contracts)
  if (steps === 0) return
  const created = await tx
    .insert(rewards)
    .values(
      Array.from({ length: steps }, (_, i) => ({
        tenantSlug: tenant.slug,
        nummer: newRewardNumber(),
        referrerId,
        beguenstigter: 'Empfehler',
        art: 'Bonus',
        bonusStufe: i + 1,
        wertCent: tier.WertCent,
        status: 'Offen',
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onConflictDoNothing()
    .returning()
  if (created.length === 0) return
  await recordCreated(tx, created, `Bonusstufe erreicht (${tier.Contracts} erfolgreiche Verträge)`, now)
  await makeReady(
    tx,
    tenant,
    inArray(
      rewards.id,
      created.map((r) => r.id),
    ),
    now,
    'Bonusstufe erreicht',
    '',
  )
}
