import 'server-only'
import type { Db } from '@/lib/db/client'
import { isLocale } from '@/lib/i18n/config'
import { enqueueMail } from '@/lib/engine/mail/enqueue-mail'
import { renderMail, type MailTemplate } from '@/lib/engine/mail/templates/render-mail'
import type { Tenant } from '@/lib/engine/tenants/get-tenant-or-throw'
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
  const mail = renderMail(template, {
    tenantSlug: tenant.slug,
    settings: tenant.settings,
    locale,
    vars: { anrede: referrer.anrede, vorname: referrer.vorname, nachname: referrer.nachname, ...vars },
  })
  await enqueueMail(tx, {
    tenantSlug: tenant.slug,
    template,
    from: mail.from,
    to: referrer.email,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
  })
}
