import 'server-only'
import { and, asc, eq, isNull, sql } from 'drizzle-orm'
import { getDb, type Db } from '@/lib/engine/db'
import { rewards, voucherCodes } from '@/lib/db/schema'
import { log } from '@/lib/shared/log'
import { systemClock, type Clock } from '@/lib/engine/clock'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import { rewardLinkToken } from './reward-token'
import { sendVoucherMail } from './send-voucher-mail'
import { transitionRewards, type RewardRow } from './transition'
import { kickMailWorker } from '@/lib/engine/mail/start-mail-worker'

/**
 * Assigns a free code of the reward's value to a picked voucher reward, in the caller's transaction,
 * moves the reward to Abgeholt and mails the code. The code row is locked with SKIP LOCKED, so two
 * servers never hand out one code, and the unique reward id keeps a reward to one code. With no code
 * of that value left the reward waits (picked, Bereitgestellt) until the operator imports more.
 */
export async function assignVoucher(tx: Db, tenant: Tenant, reward: RewardRow, now: Date): Promise<boolean> {
  const [free] = await tx
    .select({ id: voucherCodes.id })
    .from(voucherCodes)
    .where(
      and(
        eq(voucherCodes.tenantSlug, tenant.slug),
        eq(voucherCodes.wertCent, reward.wertCent),
        isNull(voucherCodes.rewardId),
      ),
    )
    .orderBy(asc(voucherCodes.importedAt), asc(voucherCodes.code))
    .limit(1)
    .for('update', { skipLocked: true })
  if (!free) {
    log.warn('voucher pool empty', { tenant: tenant.slug, wertCent: reward.wertCent, reward: reward.nummer })
    return false
  }
  const [moved] = await transitionRewards(tx, {
    where: and(eq(rewards.id, reward.id), eq(rewards.auswahl, 'Gutschein')),
    from: ['Bereitgestellt'],
    to: 'Abgeholt',
    cause: 'Gutscheincode zugeteilt',
    now,
  })
  if (!moved) return false
  const [code] = await tx
    .update(voucherCodes)
    .set({ rewardId: moved.id, assignedAt: now })
    .where(eq(voucherCodes.id, free.id))
    .returning()
  // A recipient has no personal area: the mail links to the reward page (its link token).
  const token = moved.beguenstigter === 'Empfaenger' ? await rewardLinkToken(tx, moved, now) : null
  await sendVoucherMail(tx, tenant, moved, { code: code!.code, anbieter: code!.anbieter }, token)
  return true
}

/** Picked voucher rewards still waiting for a code (pool was empty), across tenants. */
export async function assignWaitingVouchers(
  tenantOf: (slug: string) => Promise<Tenant | null>,
  now: Date,
  onlyTenant?: string,
) {
  const db = await getDb()
  const waiting = await db
    .select()
    .from(rewards)
    .where(
      and(
        eq(rewards.status, 'Bereitgestellt'),
        eq(rewards.auswahl, 'Gutschein'),
        onlyTenant ? eq(rewards.tenantSlug, onlyTenant) : undefined,
      ),
    )
    .orderBy(asc(rewards.pickedAt))
    .limit(500)
  let assigned = 0
  for (const reward of waiting) {
    const tenant = await tenantOf(reward.tenantSlug)
    if (!tenant) continue
    if (await db.transaction((tx) => assignVoucher(tx, tenant, reward, now))) assigned++
  }
  return assigned
}

export type VoucherImport = { Code: string; WertCent: number; Anbieter: string }

/**
 * Operator import of voucher codes: new codes join the pool, codes already known are skipped (an import
 * may be repeated). Waiting voucher rewards of the tenant get their codes at once.
 */
export async function importVoucherCodes(tenant: Tenant, codes: VoucherImport[], clock: Clock = systemClock) {
  const now = clock()
  const db = await getDb()
  const inserted = await db
    .insert(voucherCodes)
    .values(
      codes.map((c) => ({
        tenantSlug: tenant.slug,
        code: c.Code,
        wertCent: c.WertCent,
        anbieter: c.Anbieter,
        importedAt: now,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: voucherCodes.id })
  const assigned = await assignWaitingVouchers(async () => tenant, now, tenant.slug)
  kickMailWorker()
  const [pool] = await db
    .select({ frei: sql<number>`count(*) filter (where ${voucherCodes.rewardId} is null)::int` })
    .from(voucherCodes)
    .where(eq(voucherCodes.tenantSlug, tenant.slug))
  return {
    Importiert: inserted.length,
    Uebersprungen: codes.length - inserted.length,
    Zugeteilt: assigned,
    Frei: pool?.frei ?? 0,
  }
}
