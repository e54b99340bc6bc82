import 'server-only'
import type { Db } from '@/lib/engine/db'
import { isLocale } from '@/lib/i18n/config'
import { sendTemplateMail } from '@/lib/engine/mail/send-template-mail'
import type { MailTemplate } from '@/lib/engine/mail/templates/mail-templates'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import type { ReferrerRow } from './to-user'

/** Renders an account mail in the referrer's language and writes it to the outbox of the transaction. */
export async function sendAccountMail(
  tx: Db,
  tenant: Tenant,
  referrer: Pick<ReferrerRow, 'email' | 'anrede' | 'vorname' | 'nachname' | 'language'>,
  template: MailTemplate,
  vars: Record<string, string>,
): Promise<void> {
  const locale = isLocale(referrer.language) ? referrer.language : 'de'
  await sendTemplateMail(tx, tenant, template, {
    locale,
    to: referrer.email,
    vars: { anrede: referrer.anrede, vorname: referrer.vorname, nachname: referrer.nachname, ...vars },
  })
}
