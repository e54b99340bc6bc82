import 'server-only'
import type { Db } from '@/lib/engine/db'
import type { Locale } from '@/lib/i18n/config'
import { formatValidity } from '@/lib/engine/referrers/format-validity'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import { rewardLink, sendRewardMail } from './reward-mail'
import type { RewardRow } from './transition'

const OCCASION: Record<Locale, (reward: RewardRow, produkt: string) => string> = {
  de: (reward, produkt) =>
    reward.art === 'Bonus'
      ? `Sie haben ${reward.bonusStufe ?? 1}-mal die Bonusstufe erreicht.`
      : reward.beguenstigter === 'Empfehler'
        ? `Ihre Empfehlung für ${produkt} war erfolgreich.`
        : `Ihr Auftrag für ${produkt} ist abgeschlossen.`,
  en: (reward, produkt) =>
    reward.art === 'Bonus'
      ? `You have reached the bonus tier ${reward.bonusStufe ?? 1} time(s).`
      : reward.beguenstigter === 'Empfehler'
        ? `Your recommendation of ${produkt} was successful.`
        : `Your order of ${produkt} is complete.`,
}

/**
 * The mail when a reward becomes ready: its link with the reward token. When the reward can only be
 * paid in cash and no bank data is on file, the mail asks for bank data instead (same link).
 */
export async function sendRewardReadyMail(
  tx: Db,
  tenant: Tenant,
  reward: RewardRow,
  args: { token: string; produkt: string; askForBankData: boolean },
) {
  await sendRewardMail(tx, tenant, reward, args.askForBankData ? 'rewardBankData' : 'rewardReady', (p) => ({
    rewardLink: rewardLink(tenant, p.locale, reward, args.token),
    anlass: OCCASION[p.locale](reward, args.produkt),
    abholbarBis: formatValidity(reward.expiresAt!, p.locale),
  }))
}
