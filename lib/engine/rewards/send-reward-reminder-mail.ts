import 'server-only'
import type { Db } from '@/lib/engine/db'
import { formatValidity } from '@/lib/engine/referrers/format-validity'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import { rewardLink, sendRewardMail } from './reward-mail'
import type { RewardRow } from './transition'

/** The reminder before a ready reward's pickup ends: its link with a fresh reward token. */
export async function sendRewardReminderMail(tx: Db, tenant: Tenant, reward: RewardRow, token: string) {
  await sendRewardMail(tx, tenant, reward, 'rewardExpiryReminder', (p) => ({
    rewardLink: rewardLink(tenant, p.locale, reward, token),
    abholbarBis: formatValidity(reward.expiresAt!, p.locale),
  }))
}
