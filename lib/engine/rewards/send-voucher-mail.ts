import 'server-only'
import type { Db } from '@/lib/engine/db'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import { ownPage, sendRewardMail } from './reward-mail'
import type { RewardRow } from './transition'

/** The voucher code of a picked voucher reward, with the provider's name. */
export async function sendVoucherMail(
  tx: Db,
  tenant: Tenant,
  reward: RewardRow,
  voucher: { code: string; anbieter: string },
  token: string | null,
) {
  await sendRewardMail(tx, tenant, reward, 'rewardVoucher', (p) => ({
    dashboardLink: ownPage(tenant, reward, p.locale, token),
    gutscheincode: voucher.code,
    anbieter: voucher.anbieter,
  }))
}
