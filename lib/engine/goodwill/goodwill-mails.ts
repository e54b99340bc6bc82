import 'server-only'
import type { Db } from '@/lib/engine/db'
import { formatIsoDate } from '@/lib/shared/german-date'
import type { Locale } from '@/lib/i18n/config'
import { sendTemplateMail } from '@/lib/engine/mail/send-template-mail'
import { formatValidity } from '@/lib/engine/referrers/format-validity'
import type { ReferrerRow } from '@/lib/engine/referrers/to-user'
import { portalLink } from '@/lib/engine/tenants/portal-link'
import type { Tenant } from '@/lib/engine/tenants/tenant'

export type StoredClaim = {
  vornameFreund: string
  nameFreund: string
  auftragsdatum: string | null
  auftragsnummer: string | null
  nachricht: string
  createdAt: Date
  /** The recommendation the referrer named: its number and product. */
  recommendation: { nummer: string; produktName: string } | null
}

/** Every var of the support mail must have a value: what stands for a field the referrer left out. */
const NOT_GIVEN: Record<Locale, string> = { de: 'nicht angegeben', en: 'not given' }

/**
 * The two mails of a goodwill claim, written to the outbox of the claim's transaction: the claim to the
 * tenant's SupportEmail in the tenant's language (the outbox has no Reply-To, so the referrer's address
 * is in the text), and a receipt to the referrer in the language of their account. The receipt repeats
 * only the friend's name, no message text.
 */
export async function sendGoodwillMails(
  tx: Db,
  tenant: Tenant,
  referrer: ReferrerRow,
  receiptLocale: Locale,
  claim: StoredClaim,
): Promise<void> {
  const staffLocale = tenant.settings.Language
  const notGiven = NOT_GIVEN[staffLocale]
  const freund = `${claim.vornameFreund} ${claim.nameFreund}`
  await sendTemplateMail(tx, tenant, 'goodwillClaim', {
    locale: staffLocale,
    to: tenant.settings.SupportEmail,
    vars: {
      absender: `${referrer.vorname} ${referrer.nachname}`.trim(),
      absenderEmail: referrer.email,
      freund,
      auftragsdatum: claim.auftragsdatum ? formatIsoDate(claim.auftragsdatum) : notGiven,
      auftragsnummer: claim.auftragsnummer ?? notGiven,
      empfehlung: claim.recommendation
        ? `${claim.recommendation.nummer} (${claim.recommendation.produktName})`
        : notGiven,
      nachricht: claim.nachricht,
      zeitpunkt: formatValidity(claim.createdAt, staffLocale),
    },
  })
  await sendTemplateMail(tx, tenant, 'goodwillReceipt', {
    locale: receiptLocale,
    to: referrer.email,
    vars: {
      anrede: referrer.anrede,
      vorname: referrer.vorname,
      nachname: referrer.nachname,
      freund,
      zeitpunkt: formatValidity(claim.createdAt, receiptLocale),
      dashboardLink: portalLink(tenant, receiptLocale, 'Dashboard'),
    },
  })
}
