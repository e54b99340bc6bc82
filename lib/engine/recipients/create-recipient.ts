import 'server-only'
import { randomBytes } from 'node:crypto'
import { and, eq, or } from 'drizzle-orm'
import { getDb, type Db } from '@/lib/engine/db'
import { recipientConsents, recipients } from '@/lib/db/schema'
import { ApiError } from '@/lib/shared/errors'
import type { Locale } from '@/lib/i18n/config'
import type { RecipientData } from '@/lib/contracts/recipient'
import { hashSecret } from '@/lib/engine/auth/one-time-token'
import { systemClock, type Clock } from '@/lib/engine/clock'
import { kickMailWorker } from '@/lib/engine/mail/start-mail-worker'
import {
  assertOpen,
  findSharedRecommendation,
  referrerShortName,
  toLanding,
} from '@/lib/engine/recommendations/landing'
import { isAllowedEmail, isExcludedEmail } from '@/lib/engine/referrers/excluded-email'
import { formatValidity } from '@/lib/engine/referrers/format-validity'
import { sendAccountMail } from '@/lib/engine/referrers/send-account-mail'
import { portalLink } from '@/lib/engine/tenants/portal-link'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import { yearsBetween } from '@/lib/shared/german-date'
import { MAX_AGE_YEARS } from '@/lib/contracts/form-rules'
import { peek, record } from '@/lib/engine/limits/counter'
import { RECIPIENT_CONFIRM_MAILS_PER_HOUR, recipientMailCounter } from './confirmation-mail-limit'
import { recipientKeys } from './recipient-keys'
import { recipientColumns } from './recipient-columns'

/** The confirmation link works for two weeks; unconfirmed data goes after 12 weeks (SPEC §4). */
export const RECIPIENT_CONFIRM_SECONDS = 14 * 24 * 60 * 60

type RecipientRow = typeof recipients.$inferSelect

/**
 * POST /empfaenger/create/{nr}?channel=: the recipient's data for a recommendation that can still be
 * followed. Refuses the referrer's own e-mail (EmailEmpfehlerGleichEmpfaenger, unless the tenant allows
 * self-recommendation), e-mails outside the tenant's whitelist (EmailNotAllowed), minors, and a person
 * who is already attributed to another recommendation (EmpfaengerExistiert: the first one wins). The
 * same person sending the form again for the same recommendation gets a new confirmation mail, to the
 * address stored, until they have agreed to the terms; the answer then has no marker (Hex null). The
 * marker lets its holder send the mail to a corrected address, so only the browser that saved the data
 * gets it: whoever knows a friend's e-mail and the recommendation's number must not be able to redirect
 * the friend's confirmation (and with it the friend's reward) to an address of their own.
 */
export async function createRecipient(
  tenant: Tenant,
  nummer: string,
  data: RecipientData,
  options: {
    locale: Locale
    channel?: string
    einsprungsquelle?: string
    /** A sales completion (tracking/abschliessen): the agency person, only for their agency's recommendation. */
    completedBy?: { agencyUserId: string; agencyId: string }
    clock?: Clock
  },
): Promise<{ Empfaengernummer: string; Hex: string | null }> {
  const clock = options.clock ?? systemClock
  const now = clock()
  const db = await getDb()
  const found = await findSharedRecommendation(db, tenant, { nummer })
  // An agency completes only its own recommendations; another's it does not see.
  if (options.completedBy && found.row.agencyId !== options.completedBy.agencyId)
    throw new ApiError('NichtGefunden')
  assertOpen(toLanding(tenant, found, now))
  const settings = tenant.settings
  const email = data.email.trim().toLowerCase()
  if (found.referrer?.email === email && !settings.AllowSelfRecommendation)
    throw new ApiError('EmailEmpfehlerGleichEmpfaenger')
  if (isExcludedEmail(settings, email)) throw new ApiError('KontoGesperrtWildcard')
  if (!isAllowedEmail(settings, email)) throw new ApiError('EmailNotAllowed')
  const age = yearsBetween(data.geburtsdatum, now.toISOString().slice(0, 10))
  if (age < 18)
    throw new ApiError('UngueltigeEingabe', { fields: [{ Field: 'geburtsdatum', Code: 'adult' }] })
  if (age > MAX_AGE_YEARS)
    throw new ApiError('UngueltigeEingabe', { fields: [{ Field: 'geburtsdatum', Code: 'plausible' }] })
  const keys = recipientKeys(data)

  const result = await db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(recipients)
      .where(
        and(
          eq(recipients.tenantSlug, tenant.slug),
          or(
            eq(recipients.emailKey, keys.emailKey),
            eq(recipients.phoneKey, keys.phoneKey),
            eq(recipients.addressKey, keys.addressKey),
          ),
        ),
      )
      .limit(1)
    if (existing) {
      const samePerson = existing.recommendationId === found.row.id && existing.emailKey === keys.emailKey
      if (!samePerson) throw new ApiError('EmpfaengerExistiert')
      // Sending the form again mails a new link, within the same hourly limit as the resend button:
      // also to a friend who confirmed but has not agreed yet (his link leads to the consent again).
      const [sent] = await peek(tx, tenant.slug, [recipientMailCounter(existing.id)], now)
      if (!existing.consentedAt && sent!.counted < RECIPIENT_CONFIRM_MAILS_PER_HOUR)
        await sendConfirmation(tx, tenant, existing, found, options.locale, now)
      return { row: existing, created: false }
    }
    const [row] = await tx
      .insert(recipients)
      .values({
        tenantSlug: tenant.slug,
        recommendationId: found.row.id,
        ...recipientColumns(data),
        channel: options.channel ?? found.row.channel,
        agencyId: found.row.agencyId,
        completedBy: options.completedBy?.agencyUserId ?? null,
        einsprungsquelle: options.einsprungsquelle ?? '',
        createdAt: now,
      })
      // Two people sending the same data at once: the unique keys let one of them in.
      .onConflictDoNothing()
      .returning()
    if (!row) throw new ApiError('EmpfaengerExistiert')
    if (data.werbeeinwilligung && data.werbeeinwilligungText) {
      await tx
        .insert(recipientConsents)
        .values({ recipientId: row.id, kind: 'werbung', text: data.werbeeinwilligungText, createdAt: now })
    }
    await sendConfirmation(tx, tenant, row, found, options.locale, now)
    return { row, created: true }
  })
  kickMailWorker()
  return { Empfaengernummer: result.row.empfaengernummer, Hex: result.created ? result.row.hex : null }
}

/** A new confirmation link (the old one stops working) by mail to the recipient, counted per recipient. */
export async function sendConfirmation(
  tx: Db,
  tenant: Tenant,
  recipient: RecipientRow,
  found: Awaited<ReturnType<typeof findSharedRecommendation>>,
  locale: Locale,
  now: Date,
) {
  await record(tx, tenant.slug, [recipientMailCounter(recipient.id)], now)
  const token = randomBytes(32).toString('base64url')
  const expiresAt = new Date(now.getTime() + RECIPIENT_CONFIRM_SECONDS * 1000)
  await tx
    .update(recipients)
    .set({ confirmTokenHash: hashSecret(token), confirmTokenExpiresAt: expiresAt, confirmTokenUsedAt: null })
    .where(eq(recipients.id, recipient.id))
  // The referrer's name as the landing shows it (referrerShortName): the same in mail and web.
  const short = found.referrer ? referrerShortName(found.referrer) : null
  const referrerName = short ? `${short.Vorname} ${short.Nachname}`.trim() : tenant.settings.Name
  await sendAccountMail(
    tx,
    tenant,
    {
      email: recipient.email,
      anrede: recipient.anrede,
      vorname: recipient.vorname,
      nachname: recipient.name,
      language: locale,
    },
    'recipientConfirm',
    {
      confirmLink: portalLink(tenant, locale, 'RecipientConfirmation', undefined, { token }),
      produkt: found.row.produktName,
      empfehler: referrerName,
      gueltigkeit: formatValidity(expiresAt, locale),
    },
  )
}

/** The codes createRecipient refuses with, for the API's description of the calls that use it. */
export const CREATE_RECIPIENT_ERRORS = [
  'NichtGefunden',
  'EmpfehlungAbgelaufen',
  'EmpfehlungGesperrt',
  'EmailEmpfehlerGleichEmpfaenger',
  'KontoGesperrtWildcard',
  'EmailNotAllowed',
  'EmpfaengerExistiert',
] as const
