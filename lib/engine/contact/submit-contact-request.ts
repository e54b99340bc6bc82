import 'server-only'
import { getDb } from '@/lib/engine/db'
import { contactRequests } from '@/lib/db/schema'
import type { Locale } from '@/lib/i18n/config'
import type { ContactAccepted, ContactRequest } from '@/lib/contracts/contact'
import type { TokenClaims } from '@/lib/engine/auth/token'
import { systemClock, type Clock } from '@/lib/engine/clock'
import { kickMailWorker } from '@/lib/engine/mail/start-mail-worker'
import { getReferrerForSession } from '@/lib/engine/referrers/get-referrer-for-session'
import { normalizeEmail } from '@/lib/engine/referrers/to-user'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import { sendContactMails } from './contact-mails'
import { enforceLimits, reserve } from '@/lib/engine/limits/counter'
import { contactLimit } from './contact-limits'
import { contactClientKey, contactCounters } from './contact-velocity'

type Options = {
  locale: Locale
  /** Verified claims of the request's token, if it carried one: a referrer's request names them. */
  auth: TokenClaims | null
  ip: string | null
  clock?: Clock
}

/**
 * POST /kontakt: stores a contact request and writes the mail to support and the receipt to the sender
 * in the same transaction. Per client IP and hour: from the tenant's captcha number on (Captcha
 * 'onDemand') a solved captcha is demanded, at the maximum the request is refused (ZuVieleAnfragen).
 * The request takes its number on the client's counter before anything is checked
 * (lib/engine/limits/counter.ts), so concurrent requests on several servers cannot pass the limits
 * together; a refused request leaves no count behind.
 */
export async function submitContactRequest(
  tenant: Tenant,
  input: ContactRequest,
  options: Options,
): Promise<ContactAccepted> {
  const now = (options.clock ?? systemClock)()
  // Only a referrer's token names a person; other roles' tokens (recipient, reward) are anonymous here.
  const referrer =
    options.auth?.role === 'referrer' ? await getReferrerForSession(tenant.slug, options.auth) : null
  const db = await getDb()
  const clientKey = contactClientKey(options.ip)
  // The request takes its number first: parallel requests of one client see each other.
  const reservation = await reserve(db, tenant.slug, contactCounters(options.ip), now)
  let row: typeof contactRequests.$inferSelect
  try {
    await enforceLimits(db, {
      tenantSlug: tenant.slug,
      tallies: reservation.tallies,
      limits: [contactLimit(tenant.settings.Captcha)],
      captcha: { id: input.CaptchaId, answer: input.CaptchaLoesung },
      clock: options.clock ?? systemClock,
    })
    row = await db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(contactRequests)
        .values({
          tenantSlug: tenant.slug,
          referrerId: referrer?.id ?? null,
          name: input.Name,
          email: normalizeEmail(input.Email),
          betreff: input.Betreff,
          nachricht: input.Nachricht,
          language: options.locale,
          clientKey,
          createdAt: now,
        })
        .returning()
      await sendContactMails(tx, tenant, {
        name: inserted!.name,
        email: inserted!.email,
        betreff: inserted!.betreff,
        nachricht: inserted!.nachricht,
        language: options.locale,
        createdAt: now,
      })
      return inserted!
    })
    await reservation.count()
  } finally {
    await reservation.release()
  }
  kickMailWorker()
  return { Id: row.id, ErstelltAm: row.createdAt.toISOString() }
}
