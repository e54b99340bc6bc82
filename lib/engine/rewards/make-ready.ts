import 'server-only'
import { and, eq, type SQL } from 'drizzle-orm'
import type { Db } from '@/lib/engine/db'
import { rewards } from '@/lib/db/schema'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import { needsBankData } from './needs-bank-data'
import { rewardLinkToken } from './reward-token'
import { sendRewardReadyMail } from './send-reward-ready-mail'
import { transitionRewards, type RewardRow } from './transition'

/** Open rewards matching `where` become ready: pickup deadline, link token, and the mail. */
export async function makeReady(
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
