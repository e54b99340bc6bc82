import 'server-only'
import type { Db } from '@/lib/engine/db'
import type { Locale } from '@/lib/i18n/config'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import { ownPage, sendRewardMail } from './reward-mail'
import type { RewardRow } from './transition'

const DESTINATION: Record<Locale, { bank: (iban: string) => string; credit: (nr: string) => string }> = {
  de: {
    bank: (iban) => `überwiesen auf das Konto ${iban}`,
    credit: (nr) => `gutgeschrieben auf Ihr Kundenkonto ${nr}`,
  },
  en: {
    bank: (iban) => `transferred to the account ${iban}`,
    credit: (nr) => `credited to your customer account ${nr}`,
  },
}

/** The reward was paid out: where to (a masked IBAN or customer number). */
export async function sendRewardPaidMail(
  tx: Db,
  tenant: Tenant,
  reward: RewardRow,
  destination: { iban: string } | { kundennummer: string },
  token: string | null,
) {
  await sendRewardMail(tx, tenant, reward, 'rewardPaid', (p) => ({
    dashboardLink: ownPage(tenant, reward, p.locale, token),
    ziel:
      'iban' in destination
        ? DESTINATION[p.locale].bank(destination.iban)
        : DESTINATION[p.locale].credit(destination.kundennummer),
  }))
}
