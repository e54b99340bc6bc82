import 'server-only'
import { and, eq, isNotNull, isNull, lte, or } from 'drizzle-orm'
import { getDb, type Db } from '@/lib/engine/db'
import { orders, rewards } from '@/lib/db/schema'
import { hourSlot, runOnce } from '@/lib/engine/jobs/run-once'
import { getTenant } from '@/lib/engine/tenants/get-tenant-or-throw'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import { settleOrder } from './settle-order'
import { rewardLinkToken } from './reward-token'
import { sendRewardReminderMail } from './send-reward-reminder-mail'
import { transitionRewards } from './transition'
import { assignWaitingVouchers } from './vouchers'
import { kickMailWorker } from '@/lib/engine/mail/start-mail-worker'

export type RewardJobResult = {
  bereitgestellt: number
  erinnert: number
  abgelaufen: number
  gutscheine: number
}

/**
 * The periodic reward work, idempotent and on an injectable clock: completed orders whose complaint
 * period has passed become successful (their rewards ready, the bonus tier checked); ready rewards not
 * picked get a reminder RewardReminderDays before their pickup ends, and expire after it; picked
 * vouchers waiting for a code get one when the pool has been refilled.
 */
export async function runRewardJobs(now: Date, onlyTenant?: string): Promise<RewardJobResult> {
  const db = await getDb()
  const tenants = new Map<string, Tenant | null>()
  const tenantOf = async (slug: string) => {
    if (!tenants.has(slug)) tenants.set(slug, await getTenant(slug))
    return tenants.get(slug) ?? null
  }
  const ofOrders = onlyTenant ? eq(orders.tenantSlug, onlyTenant) : undefined
  const ofRewards = onlyTenant ? eq(rewards.tenantSlug, onlyTenant) : undefined

  let bereitgestellt = 0
  const completed = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.status, 'Gezahlt'),
        isNull(orders.successfulAt),
        // An agency's order waits for its release (settled then by the release itself, or here later).
        or(isNull(orders.agencyId), isNotNull(orders.releasedAt)),
        ofOrders,
      ),
    )
    .limit(2000)
  for (const order of completed) {
    const tenant = await tenantOf(order.tenantSlug)
    if (!tenant) continue
    const settled = await db.transaction((tx) =>
      settleOrder(tx, tenant, order, now, 'Beschwerdefrist abgelaufen'),
    )
    if (settled) bereitgestellt++
  }

  const erinnert = await remind(db, tenantOf, now, ofRewards)
  let abgelaufen = 0
  await db.transaction(async (tx) => {
    const expired = await transitionRewards(tx, {
      where: and(isNull(rewards.auswahl), lte(rewards.expiresAt, now), ofRewards),
      from: ['Bereitgestellt'],
      to: 'Abgelaufen',
      cause: 'Abholfrist abgelaufen',
      now,
    })
    abgelaufen = expired.length
  })
  const gutscheine = await assignWaitingVouchers(tenantOf, now, onlyTenant)
  kickMailWorker()
  return { bereitgestellt, erinnert, abgelaufen, gutscheine }
}

async function remind(
  db: Db,
  tenantOf: (slug: string) => Promise<Tenant | null>,
  now: Date,
  filter: ReturnType<typeof eq> | undefined,
) {
  const due = await db
    .select()
    .from(rewards)
    .where(
      and(
        eq(rewards.status, 'Bereitgestellt'),
        isNull(rewards.auswahl),
        isNull(rewards.reminderSentAt),
        filter,
      ),
    )
    .limit(2000)
  let sent = 0
  for (const reward of due) {
    const tenant = await tenantOf(reward.tenantSlug)
    if (!tenant || !reward.expiresAt || reward.expiresAt <= now) continue
    const remindFrom = reward.expiresAt.getTime() - tenant.settings.RewardReminderDays * 86_400_000
    if (tenant.settings.RewardReminderDays === 0 || remindFrom > now.getTime()) continue
    // Counted from the answer: a transaction's work may run again (lib/db/client.ts retryCutTransactions).
    const reminded = await db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(rewards)
        .set({ reminderSentAt: now })
        .where(and(eq(rewards.id, reward.id), isNull(rewards.reminderSentAt)))
        .returning()
      if (!claimed) return false
      const token = await rewardLinkToken(tx, claimed, now)
      await sendRewardReminderMail(tx, tenant, claimed, token)
      return true
    })
    if (reminded) sent++
  }
  return sent
}

/** The hourly run across servers (lib/engine/jobs/run-once.ts). */
export function runRewardJobsOnce(db: Db, now: Date) {
  return runOnce(db, 'rewards', hourSlot(now), now, () => runRewardJobs(now))
}
