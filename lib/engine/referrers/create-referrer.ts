import 'server-only'
import { createHash } from 'node:crypto'
import { and, eq, gt } from 'drizzle-orm'
import { getDb, type Db } from '@/lib/engine/db'
import { noteInvitationProgress } from '@/lib/engine/agency/invitations/invitation-progress'
import { mailOutbox, referrerConsents, referrers } from '@/lib/db/schema'
import { ApiError } from '@/lib/shared/errors'
import type { Locale } from '@/lib/i18n/config'
import { systemClock, type Clock } from '@/lib/engine/clock'
import { kickMailWorker } from '@/lib/engine/mail/start-mail-worker'
import { portalLink } from '@/lib/engine/tenants/portal-link'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import type { CreateEmpfehlerRequest } from '@/lib/contracts/account'
import { isExcludedEmail } from './excluded-email'
import { sendAccountMail } from './send-account-mail'
import { recordAccountMail } from './account-mail-limit'
import { sendWelcomeMail } from './send-welcome-mail'
import { enforceLimits, reserve } from '@/lib/engine/limits/counter'
import { registrationCounters, registrationLimit } from './registration-limit'
import type { ReferrerRow } from './to-user'

/** How long a second registration attempt for the same e-mail stays without another mail. */
const REPEAT_MAIL_PAUSE_MS = 10 * 60 * 1000

/**
 * POST /account/createEmpfehler, also run on a first recommendation: registers a referrer free of
 * charge and mails the link to set a password (never a password). For an e-mail that already has an
 * account its owner gets a hint mail instead, and the caller the same answer, so registration never
 * reveals whether an e-mail is registered.
 */
export async function createReferrer(
  tenant: Tenant,
  input: CreateEmpfehlerRequest,
  options: { locale: Locale; ip: string | null; clock?: Clock },
): Promise<{ referrer: ReferrerRow; created: boolean }> {
  if (isExcludedEmail(tenant.settings, input.Email)) throw new ApiError('KontoGesperrtWildcard')
  const clock = options.clock ?? systemClock
  const db = await getDb()
  // Every attempt takes its number on the client's counter first (registration-limit.ts), so parallel
  // ones see each other; a refused one counts nothing.
  const reservation = await reserve(db, tenant.slug, registrationCounters(options.ip), clock())
  try {
    await enforceLimits(db, {
      tenantSlug: tenant.slug,
      tallies: reservation.tallies,
      limits: [registrationLimit],
      captcha: {},
      clock,
    })
    const result = await register(db, tenant, input, options.locale, clock)
    await reservation.count()
    kickMailWorker()
    return result
  } finally {
    await reservation.release()
  }
}

/** The account and its welcome mail, or the hint mail to the owner of an e-mail already registered. */
function register(db: Db, tenant: Tenant, input: CreateEmpfehlerRequest, locale: Locale, clock: Clock) {
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(referrers)
      .values({
        tenantSlug: tenant.slug,
        email: input.Email,
        anrede: input.Anrede ?? '',
        vorname: input.Vorname,
        nachname: input.Nachname,
        language: locale,
      })
      .onConflictDoNothing()
      .returning()
    if (created) {
      if (input.AgbText) {
        await tx.insert(referrerConsents).values({
          referrerId: created.id,
          kind: 'terms',
          action: 'accepted',
          textVersion: createHash('sha256').update(input.AgbText).digest('hex').slice(0, 16),
          text: input.AgbText,
        })
      }
      await sendWelcomeMail(tx, tenant, created, clock)
      await recordAccountMail(tx, tenant.slug, 'welcome', created.id, clock())
      await noteInvitationProgress(tx, {
        tenantSlug: tenant.slug,
        email: created.email,
        referrerId: created.id,
        recommended: false,
        now: clock(),
      })
      return { referrer: created, created: true }
    }
    const [existing] = await tx
      .select()
      .from(referrers)
      .where(and(eq(referrers.tenantSlug, tenant.slug), eq(referrers.email, input.Email)))
      .limit(1)
    if (!existing) throw new ApiError('Default')
    const since = new Date(clock().getTime() - REPEAT_MAIL_PAUSE_MS)
    const [recent] = await tx
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.tenantSlug, tenant.slug),
          eq(mailOutbox.recipient, existing.email),
          eq(mailOutbox.template, 'accountExists'),
          gt(mailOutbox.createdAt, since),
        ),
      )
      .limit(1)
    if (!recent) {
      const locale = existing.language === 'en' ? 'en' : 'de'
      await sendAccountMail(tx, tenant, existing, 'accountExists', {
        loginPageLink: portalLink(tenant, locale, 'Login'),
        forgotLink: portalLink(tenant, locale, 'ForgotPassword'),
      })
    }
    return { referrer: existing, created: false }
  })
}
