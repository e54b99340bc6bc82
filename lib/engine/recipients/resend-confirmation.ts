import 'server-only'
import { and, eq, ne } from 'drizzle-orm'
import { getDb, isUniqueViolation } from '@/lib/engine/db'
import { recipients } from '@/lib/db/schema'
import { ApiError } from '@/lib/shared/errors'
import type { Locale } from '@/lib/i18n/config'
import { systemClock, type Clock } from '@/lib/engine/clock'
import { kickMailWorker } from '@/lib/engine/mail/start-mail-worker'
import { assertOpen, findSharedRecommendation, toLanding } from '@/lib/engine/recommendations/landing'
import { isAllowedEmail, isExcludedEmail } from '@/lib/engine/referrers/excluded-email'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import { findRecipientByHexOrThrow } from './find-recipient-by-hex'
import { withinConfirmationMailLimit } from './confirmation-mail-limit'
import { sendConfirmation } from './create-recipient'
import { recipientKeys } from './recipient-keys'

/**
 * POST /empfaenger/{hex}/bestaetigungsmail {Email?}: the recipient who saved data but has not confirmed
 * yet asks for the confirmation mail again, optionally to a corrected address (a typo in the form). The
 * marker (hex, 128 random bits) is known only to the browser that saved the data. A new link makes the
 * old one stop working. The corrected address passes the same checks as on creation (not the referrer's,
 * the tenant's whitelist and exclusions, not another recipient's). At most RECIPIENT_CONFIRM_MAILS_PER_HOUR
 * mails per recipient (ZuVieleAnfragen). A confirmed recipient who has not agreed yet gets a new link to
 * the consent, to the address they proved only; one who agreed has nothing left to confirm
 * (EmpfaengerBereitsBestaetigt).
 */
export async function resendRecipientConfirmation(
  tenant: Tenant,
  hex: string,
  input: { email?: string; locale: Locale; clock?: Clock },
): Promise<{ Email: string }> {
  const now = (input.clock ?? systemClock)()
  const db = await getDb()
  const row = await findRecipientByHexOrThrow(db, tenant, hex)
  const recipient = row.recipient
  // One who agreed has nothing left to confirm; one who confirmed gets a new link to the consent, to
  // the address he proved only.
  if (recipient.consentedAt) throw new ApiError('EmpfaengerBereitsBestaetigt')
  const found = await findSharedRecommendation(db, tenant, { nummer: row.nummer })
  assertOpen(toLanding(tenant, found, now))

  const email = input.email?.trim().toLowerCase() ?? recipient.email
  if (recipient.confirmedAt && email !== recipient.email) throw new ApiError('EmpfaengerBereitsBestaetigt')
  const settings = tenant.settings
  if (email !== recipient.email) {
    if (found.referrer?.email === email && !settings.AllowSelfRecommendation)
      throw new ApiError('EmailEmpfehlerGleichEmpfaenger')
    if (isExcludedEmail(settings, email)) throw new ApiError('KontoGesperrtWildcard')
    if (!isAllowedEmail(settings, email)) throw new ApiError('EmailNotAllowed')
  }

  try {
    const sentTo = await withinConfirmationMailLimit(
      db,
      { tenantSlug: tenant.slug, recipientId: recipient.id, now },
      () =>
        db.transaction(async (tx) => {
          let current = recipient
          if (email !== recipient.email) {
            const { emailKey } = recipientKeys({
              email,
              telefon: recipient.telefon,
              vorname: recipient.vorname,
              name: recipient.name,
              adresse: {
                strasse: recipient.strasse,
                hausnummer: recipient.hausnummer,
                plz: recipient.plz,
                ort: recipient.ort,
              },
            })
            const [taken] = await tx
              .select({ id: recipients.id })
              .from(recipients)
              .where(
                and(
                  eq(recipients.tenantSlug, tenant.slug),
                  eq(recipients.emailKey, emailKey),
                  ne(recipients.id, recipient.id),
                ),
              )
              .limit(1)
            if (taken) throw new ApiError('EmpfaengerExistiert')
            const [updated] = await tx
              .update(recipients)
              .set({ email, emailKey })
              .where(and(eq(recipients.id, recipient.id), eq(recipients.emailKey, recipient.emailKey)))
              .returning()
            if (!updated) throw new ApiError('EmpfaengerExistiert')
            current = updated
          }
          await sendConfirmation(tx, tenant, current, found, input.locale, now)
          return current.email
        }),
    )
    kickMailWorker()
    return { Email: sentTo }
  } catch (error) {
    // Two recipients taking the same address at once: the unique key lets one of them in.
    if (isUniqueViolation(error)) throw new ApiError('EmpfaengerExistiert')
    throw error
  }
}

/** The codes resendRecipientConfirmation refuses with. */
export const RESEND_RECIPIENT_CONFIRMATION_ERRORS = [
  'NichtGefunden',
  'EmpfaengerBereitsBestaetigt',
  'EmpfehlungAbgelaufen',
  'EmpfehlungGesperrt',
  'EmailEmpfehlerGleichEmpfaenger',
  'KontoGesperrtWildcard',
  'EmailNotAllowed',
  'EmpfaengerExistiert',
  'ZuVieleAnfragen',
] as const
