import 'server-only'
import type { Db } from '@/lib/engine/db'
import type { Locale } from '@/lib/i18n/config'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import { enqueueMail, type NewMail } from './enqueue-mail'
import type { MailTemplate, MailVars } from './templates/mail-templates'
import { renderMail } from './templates/render-mail'

/**
 * Renders a template in the tenant's texts and language and writes it to the outbox of the transaction
 * that causes it (so the mail goes out exactly when the change commits).
 */
export async function sendTemplateMail(
  tx: Db,
  tenant: Tenant,
  template: MailTemplate,
  args: { locale: Locale; to: string; vars: MailVars },
): Promise<void> {
  await enqueueMail(tx, templateMail(tenant, template, args))
}

/** A template rendered in the tenant's texts and language, as the outbox takes it. */
export function templateMail(
  tenant: Tenant,
  template: MailTemplate,
  args: { locale: Locale; to: string; vars: MailVars },
): NewMail {
  const mail = renderMail(template, {
    tenantSlug: tenant.slug,
    settings: tenant.settings,
    locale: args.locale,
    vars: args.vars,
  })
  return {
    tenantSlug: tenant.slug,
    template,
    from: mail.from,
    to: args.to,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
  }
}
