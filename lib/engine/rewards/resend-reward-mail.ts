import 'server-only'
import { getDb } from '@/lib/engine/db'
import type { TokenClaims } from '@/lib/engine/auth/token'
import { systemClock, type Clock } from '@/lib/engine/clock'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import { kickMailWorker } from '@/lib/engine/mail/start-mail-worker'
import { needsBankData } from './needs-bank-data'
import { assertPickable, ownReward } from './own-rewards'
import { contextOf } from './praemierung-answer'
import { rewardLinkToken } from './reward-token'
import { sendRewardReadyMail } from './send-reward-ready-mail'

/**
 * GET /empfehler/praemierungmail/{PraemieId}: the referrer asks for the reward mail again (lost or
 * deleted), with the same link. Only for a ready reward not yet picked.
 */
export async function resendRewardMail(
  tenant: Tenant,
  claims: TokenClaims,
  nummer: string,
  clock: Clock = systemClock,
) {
  const now = clock()
  const db = await getDb()
  const reward = await ownReward(db, tenant, { claims }, now, nummer)
  assertPickable(reward, now)
  await db.transaction(async (tx) => {
    const token = await rewardLinkToken(tx, reward, now)
    const produkt = (await contextOf(tx, [reward])).orders.get(reward.orderId ?? '')?.produkt ?? ''
    await sendRewardReadyMail(tx, tenant, reward, {
      token,
      produkt,
      askForBankData: await needsBankData(tx, tenant, reward),
    })
  })
  kickMailWorker()
  return { Gesendet: true }
}
