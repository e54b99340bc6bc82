import 'server-only'
import type { Db } from '@/lib/db/client'
import type { Locale } from '@/lib/i18n/config'
import { enqueueMail } from '@/lib/engine/mail/enqueue-mail'
import { renderMail, type MailTemplate, type MailVars } from '@/lib/engine/mail/templates/render-mail'
import { formatValidity } from '@/lib/engine/referrers/format-validity'
import { portalLink } from '@/lib/engine/tenants/portal-link'
import type { Tenant } from '@/lib/engine/tenants/get-tenant-or-throw'

type StoredRequest = {
  name: string
  email: string
  betreff: string
  nachricht: string
  language: Locale
  createdAt: Date
}

/**
 * The two mails of a contact request, written to the outbox of the request's transaction: the request
 * to the tenant's SupportEmail in the tenant's language (the outbox has no Reply-To, so the sender's
 * address is in the text), and a receipt to the sender in the language of the request. The receipt
 * repeats nothing the sender typed but the name, so the form cannot send others a text of its choosing.
 */
export async function sendContactMails(tx: Db, tenant: Tenant, request: StoredRequest): Promise<void> {
  const staffLocale = tenant.settings.Language
  await enqueue(tx, tenant, 'contactRequest', staffLocale, tenant.settings.SupportEmail, {
    absender: request.name,
    absenderEmail: request.email,
    betreff: request.betreff,
    nachricht: request.nachricht,
    sprache: request.language.toUpperCase(),
    zeitpunkt: formatValidity(request.createdAt, staffLocale),
  })
  await enqueue(tx, tenant, 'contactReceipt', request.language, request.email, {
    absender: request.name,
    zeitpunkt: formatValidity(request.createdAt, request.language),
    faqLink: portalLink(tenant, request.language, 'Faq'),
  })
}

async function enqueue(
  tx: Db,
  tenant: Tenant,
  template: MailTemplate,
  locale: Locale,
  to: string,
  vars: MailVars,
) {
  const mail = renderMail(template, { tenantSlug: tenant.slug, settings: tenant.settings, locale, vars })
  await enqueueMail(tx, {
    tenantSlug: tenant.slug,
    template,
    from: mail.from,
    to,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
  })
}
