import 'server-only'
import type { Db } from '@/lib/engine/db'
import { isLocale } from '@/lib/i18n/config'
import { enqueueMail, type NewMail } from '@/lib/engine/mail/enqueue-mail'
import { templateMail } from '@/lib/engine/mail/send-template-mail'
import type { MailTemplate } from '@/lib/engine/mail/templates/mail-templates'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import type { ReferrerRow } from './to-user'

type MailedReferrer = Pick<ReferrerRow, 'email' | 'anrede' | 'vorname' | 'nachname' | 'language'>

/** Renders an account mail in the referrer's language and writes it to the outbox of the transaction. */
export async function sendAccountMail(
  tx: Db,
  tenant: Tenant,
  referrer: MailedReferrer,
  template: MailTemplate,
  vars: Record<string, string>,
): Promise<void> {
  await enqueueMail(tx, accountMail(tenant, referrer, template, vars))
}

/** An account mail rendered in the referrer's language, as the outbox takes it. */
export function accountMail(
  tenant: Tenant,
  referrer: MailedReferrer,
  template: MailTemplate,
  vars: Record<string, string>,
): NewMail {
  const locale = isLocale(referrer.language) ? referrer.language : 'de'
  return templateMail(tenant, template, {
    locale,
    to: referrer.email,
    vars: { anrede: referrer.anrede, vorname: referrer.vorname, nachname: referrer.nachname, ...vars },
  })
}
