import 'server-only'
import { eq } from 'drizzle-orm'
import type { Db } from '@/lib/engine/db'
import { recipients, referrers } from '@/lib/db/schema'
import { formatRewardValue } from '@/lib/shared/catalog/format-reward'
import { isLocale, type Locale } from '@/lib/i18n/config'
import { log } from '@/lib/shared/log'
import { sendTemplateMail } from '@/lib/engine/mail/send-template-mail'
import type { MailTemplate } from '@/lib/engine/mail/templates/mail-templates'
import { portalLink } from '@/lib/engine/tenants/portal-link'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import type { RewardRow } from './transition'

/** What the reward mails (ready, reminder, voucher, paid) share: who gets them, their links, the sending. */

type Person = { email: string; anrede: string; vorname: string; nachname: string; locale: Locale }

/** The beneficiary of a reward as a mail goes to them: the referrer's account, or the recipient's data. */
async function beneficiaryOf(tx: Db, tenant: Tenant, reward: RewardRow): Promise<Person | null> {
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

/** Where a reward's link leads: the reward page with its own token (valid until the pickup ends). */
export function rewardLink(tenant: Tenant, locale: Locale, reward: RewardRow, token: string): string {
  return portalLink(tenant, locale, 'RewardDetails', { praemieid: reward.nummer }, { token })
}

/** Sends a reward mail to its beneficiary, in their language, with the reward and their name filled in. */
export async function sendRewardMail(
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

/** The personal area for a referrer; a recipient has none, so their reward page (a fresh link) instead. */
export function ownPage(tenant: Tenant, reward: RewardRow, locale: Locale, token: string | null) {
  if (reward.beguenstigter === 'Empfehler' || !token) return portalLink(tenant, locale, 'Dashboard')
  return rewardLink(tenant, locale, reward, token)
}
