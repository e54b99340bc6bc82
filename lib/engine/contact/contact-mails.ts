import 'server-only'
import type { Db } from '@/lib/engine/db'
import type { Locale } from '@/lib/i18n/config'
import { sendTemplateMail } from '@/lib/engine/mail/send-template-mail'
import { formatValidity } from '@/lib/engine/referrers/format-validity'
import { portalLink } from '@/lib/engine/tenants/portal-link'
import type { Tenant } from '@/lib/engine/tenants/tenant'

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
  await sendTemplateMail(tx, tenant, 'contactRequest', {
    locale: staffLocale,
    to: tenant.settings.SupportEmail,
    vars: {
      absender: request.name,
      absenderEmail: request.email,
      betreff: request.betreff,
      nachricht: request.nachricht,
      sprache: request.language.toUpperCase(),
      zeitpunkt: formatValidity(request.createdAt, staffLocale),
    },
  })
  await sendTemplateMail(tx, tenant, 'contactReceipt', {
    locale: request.language,
    to: request.email,
    vars: {
      absender: request.name,
      zeitpunkt: formatValidity(request.createdAt, request.language),
      faqLink: portalLink(tenant, request.language, 'Faq'),
    },
  })
}
