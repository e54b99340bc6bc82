import 'server-only'
import { eq } from 'drizzle-orm'
import type { Db } from '@/lib/engine/db'
import { recipients, referrers, rewards } from '@/lib/db/schema'
import { formatRewardValue } from '@/lib/shared/catalog/format-reward'
import { isLocale, type Locale } from '@/lib/i18n/config'
import { log } from '@/lib/shared/log'
import { sendTemplateMail } from '@/lib/engine/mail/send-template-mail'
import type { MailTemplate } from '@/lib/engine/mail/templates/mail-templates'
import { formatValidity } from '@/lib/engine/referrers/format-validity'
import { portalLink } from '@/lib/engine/tenants/portal-link'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import type { RewardRow } from './transition'

type Person = { email: string; anrede: string; vorname: string; nachname: string; locale: Locale }

/** The beneficiary of a reward as a mail goes to them: the referrer's account, or the recipient's data. */
export async function beneficiaryOf(tx: Db, tenant: Tenant, reward: RewardRow): Promise<Person | null> {
  if (reward.beguenstigter === 'Empfehler') {
    if (!reward.referrerId) return null
    const [r] = await tx.select().from(referrers).where(eq(referrers.id, reward.referrerId)).limit(1)
    if (!r) return null
    const locale = isLocale(r.language) ? r.language : tenant.settings.Language
    return { email: r.email, anrede: r.anrede, vorname: r.vorname, nachname: r.nachname, locale }
  }
  if (!reward.recipientId) return null
  const [r] = await tx.select().from(recipients).where(eq(recipients.id, reward.recipientId)).limit(1)
  if (!r) return null
  const locale = isLocale(reward.language) ? reward.language : tenant.settings.Language
  return { email: r.email, anrede: r.anrede, vorname: r.vorname, nachname: r.name, locale }
}

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

/** Where a reward's link leads: the reward page with its own token (valid until the pickup ends). */
export function rewardLink(tenant: Tenant, locale: Locale, reward: RewardRow, token: string): string {
  return portalLink(tenant, locale, 'RewardDetails', { praemieid: reward.nummer }, { token })
}

async function send(
  tx: Db,
  tenant: Tenant,
  reward: RewardRow,
  template: MailTemplate,
  vars: (person: Person) => Record<string, string>,
) {
  const person = await beneficiaryOf(tx, tenant, reward)
  if (!person) {
    log.warn('reward mail without a beneficiary', { template, reward: reward.nummer })
    return
  }
  await sendTemplateMail(tx, tenant, template, {
    locale: person.locale,
    to: person.email,
    vars: {
      anrede: person.anrede,
      vorname: person.vorname,
      nachname: person.nachname,
      praemie: formatRewardValue(reward.wertCent, person.locale),
      ...vars(person),
    },
  })
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
  await send(tx, tenant, reward, args.askForBankData ? 'rewardBankData' : 'rewardReady', (p) => ({
    rewardLink: rewardLink(tenant, p.locale, reward, args.token),
    anlass: OCCASION[p.locale](reward, args.produkt),
    abholbarBis: formatValidity(reward.expiresAt!, p.locale),
  }))
}

export async function sendRewardReminderMail(tx: Db, tenant: Tenant, reward: RewardRow, token: string) {
  await send(tx, tenant, reward, 'rewardExpiryReminder', (p) => ({
    rewardLink: rewardLink(tenant, p.locale, reward, token),
    abholbarBis: formatValidity(reward.expiresAt!, p.locale),
  }))
}

/** The personal area for a referrer; a recipient has none, so their reward page (a fresh link) instead. */
function ownPage(tenant: Tenant, reward: RewardRow, locale: Locale, token: string | null) {
  if (reward.beguenstigter === 'Empfehler' || !token) return portalLink(tenant, locale, 'Dashboard')
  return rewardLink(tenant, locale, reward, token)
}

export async function sendVoucherMail(
  tx: Db,
  tenant: Tenant,
  reward: RewardRow,
  voucher: { code: string; anbieter: string },
  token: string | null,
) {
  await send(tx, tenant, reward, 'rewardVoucher', (p) => ({
    dashboardLink: ownPage(tenant, reward, p.locale, token),
    gutscheincode: voucher.code,
    anbieter: voucher.anbieter,
  }))
}

export async function sendRewardPaidMail(
  tx: Db,
  tenant: Tenant,
  reward: RewardRow,
  destination: { iban: string } | { kundennummer: string },
  token: string | null,
) {
  await send(tx, tenant, reward, 'rewardPaid', (p) => ({
    dashboardLink: ownPage(tenant, reward, p.locale, token),
    ziel:
      'iban' in destination
        ? DESTINATION[p.locale].bank(destination.iban)
        : DESTINATION[p.locale].credit(destination.kundennummer),
  }))
}

/** Reward rows by id, fresh from the transaction. */
export async function rewardById(tx: Db, id: string): Promise<RewardRow | null> {
  const [row] = await tx.select().from(rewards).where(eq(rewards.id, id)).limit(1)
  return row ?? null
}
