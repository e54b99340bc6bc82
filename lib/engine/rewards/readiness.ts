import 'server-only'
import { and, count, eq, inArray, isNotNull, isNull, ne, type SQL } from 'drizzle-orm'
import type { Db } from '@/lib/engine/db'
import {
  orders,
  recipientBankAccounts,
  recommendations,
  referrerBankAccounts,
  rewards,
} from '@/lib/db/schema'
import { germanToday } from '@/lib/shared/catalog/reward-periods'
import { newRecommendationNumber } from '@/lib/engine/recommendations/recommendation-codes'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import { rewardLinkToken } from './reward-token'
import { sendRewardReadyMail } from './reward-mails'
import { recordCreated, transitionRewards, type RewardRow } from './transition'

export type OrderRow = typeof orders.$inferSelect

/** The day the complaint period (ModuleAuftragsdatumMindestalterTage) of an order ends. */
export function complaintPeriodEnd(auftragsdatum: string, days: number): string {
  const date = new Date(`${auftragsdatum}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() + days)
  return date.toISOString().slice(0, 10)
}

/** A completed order whose complaint period has passed (in German time) is a successful contract. */
export function isSuccessful(order: Pick<OrderRow, 'status' | 'auftragsdatum'>, tenant: Tenant, now: Date) {
  return (
    order.status === 'Gezahlt' &&
    complaintPeriodEnd(order.auftragsdatum, tenant.settings.ModuleAuftragsdatumMindestalterTage) <=
      germanToday(now)
  )
}

/** A public reward id (/praemie/{praemieid}). */
export function newRewardNumber(): string {
  return newRecommendationNumber()
}

/**
 * Settles an order in the caller's transaction: once it is a successful contract it is marked so, its
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

/** Open rewards matching `where` become ready: pickup deadline, link token, and the mail. */
async function makeReady(
  tx: Db,
  tenant: Tenant,
  where: SQL,
  now: Date,
  cause: string,
  produkt: string,
): Promise<RewardRow[]> {
  const expiresAt = new Date(now.getTime() + tenant.settings.RewardPickupDays * 86_400_000)
  const ready = await transitionRewards(tx, {
    where: and(where, eq(rewards.tenantSlug, tenant.slug)),
    from: ['Offen'],
    to: 'Bereitgestellt',
    cause,
    now,
    set: { readyAt: now, expiresAt },
  })
  for (const reward of ready) {
    const token = await rewardLinkToken(tx, reward, now)
    const askForBankData = await needsBankData(tx, tenant, reward)
    await sendRewardReadyMail(tx, tenant, reward, { token, produkt, askForBankData })
  }
  return ready
}

/** Cash is the only way to collect and no bank data is on file for the beneficiary. */
export async function needsBankData(
  tx: Db,
  tenant: Tenant,
  reward: Pick<RewardRow, 'beguenstigter' | 'referrerId' | 'recipientId'>,
): Promise<boolean> {
  const kinds = tenant.settings.RewardKinds
  if (kinds.length !== 1 || kinds[0] !== 'cash') return false
  return !(await hasStoredBankData(tx, tenant, reward))
}

export async function hasStoredBankData(
  tx: Db,
  tenant: Tenant,
  reward: Pick<RewardRow, 'beguenstigter' | 'referrerId' | 'recipientId'>,
): Promise<boolean> {
  if (reward.beguenstigter === 'Empfehler') {
    if (!tenant.settings.ModuleStoringBankdata || !reward.referrerId) return false
    const [row] = await tx
      .select({ id: referrerBankAccounts.referrerId })
      .from(referrerBankAccounts)
      .where(eq(referrerBankAccounts.referrerId, reward.referrerId))
      .limit(1)
    return Boolean(row)
  }
  if (!reward.recipientId) return false
  const [row] = await tx
    .select({ id: recipientBankAccounts.recipientId })
    .from(recipientBankAccounts)
    .where(eq(recipientBankAccounts.recipientId, reward.recipientId))
    .limit(1)
  return Boolean(row)
}

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
