import 'server-only'
import { sql } from 'drizzle-orm'
import { getDb } from '@/lib/db/client'
import { contactRequests } from '@/lib/db/schema'
import { ApiError } from '@/lib/errors'
import type { Locale } from '@/lib/i18n/config'
import type { ContactAccepted, ContactRequest } from '@/lib/contracts/contact'
import type { TokenClaims } from '@/lib/engine/auth/token'
import { verifyCaptcha } from '@/lib/engine/captcha/verify-captcha'
import { systemClock, type Clock } from '@/lib/engine/clock'
import { kickMailWorker } from '@/lib/engine/mail/start-mail-worker'
import { getReferrerForSession } from '@/lib/engine/referrers/get-referrer-for-session'
import { normalizeEmail } from '@/lib/engine/referrers/to-user'
import type { Tenant } from '@/lib/engine/tenants/get-tenant-or-throw'
import { sendContactMails } from './contact-mails'
import { contactDecision } from './contact-limits'
import { contactClientKey, countRecentContactRequests } from './contact-velocity'

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
 * The count is taken again under a lock of the client's key inside the transaction, so concurrent
 * requests on several servers cannot pass the limits together.
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
  const decide = async (executor: typeof db) =>
    contactDecision({
      recentRequests: await countRecentContactRequests(executor, {
        tenantSlug: tenant.slug,
        clientKey,
        now,
      }),
      captcha: tenant.settings.Captcha,
    })

  const before = await decide(db)
  if (before === 'refuse') throw new ApiError('ZuVieleAnfragen')
  const solved = before === 'captcha'
  if (solved)
    await verifyCaptcha(db, {
      tenantSlug: tenant.slug,
      id: input.CaptchaId,
      answer: input.CaptchaLoesung,
      clock: options.clock,
    })

  const row = await db.transaction(async (tx) => {
    if (clientKey) {
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtextextended(${`contact:${tenant.slug}:${clientKey}`}, 0))`,
      )
    }
    const decision = await decide(tx)
    if (decision === 'refuse') throw new ApiError('ZuVieleAnfragen')
    if (decision === 'captcha' && !solved) throw new ApiError('CaptchaRequired')
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
  kickMailWorker()
  return { Id: row.id, ErstelltAm: row.createdAt.toISOString() }
}
