import 'server-only'
import { and, count, desc, eq, gt, isNull } from 'drizzle-orm'
import { getDb } from '@/lib/db/client'
import { accountTokens, recommendations } from '@/lib/db/schema'
import { sendParticipationMail } from '@/lib/engine/recommendations/recommendation-mails'
import { systemClock, type Clock } from '@/lib/engine/clock'
import { kickMailWorker } from '@/lib/engine/mail/start-mail-worker'
import type { Tenant } from '@/lib/engine/tenants/get-tenant-or-throw'
import { isExcludedEmail } from './excluded-email'
import { findReferrerByEmail } from './find-referrer'
import { sendWelcomeMail } from './send-welcome-mail'

/** Welcome mails per account and hour at most (the registration's included): no one floods a mailbox. */
export const WELCOME_MAILS_PER_HOUR = 3

/**
 * GET /account/resendWelcomeMail/{email}: while a recommendation waits for the referrer's opt-in, the
 * mail to confirm participation again; otherwise a new welcome mail for an account whose registration
 * is not complete yet. New links make the old ones stop working; at most WELCOME_MAILS_PER_HOUR. The
 * caller always gets the same answer.
 */
export async function resendWelcomeMail(tenant: Tenant, email: string, clock: Clock = systemClock) {
  const db = await getDb()
  const referrer = await findReferrerByEmail(db, tenant.slug, email)
  if (!referrer || referrer.locked || isExcludedEmail(tenant.settings, referrer.email)) return
  const [pending] = await db
    .select({ produktName: recommendations.produktName })
    .from(recommendations)
    .where(and(eq(recommendations.referrerId, referrer.id), isNull(recommendations.activatedAt)))
    .orderBy(desc(recommendations.createdAt))
    .limit(1)
  if (!pending && referrer.passwordHash) return
  const purpose = pending ? 'participation' : 'welcome'
  const since = new Date(clock().getTime() - 60 * 60 * 1000)
  const sent = await db.transaction(async (tx) => {
    const [recent] = await tx
      .select({ mails: count() })
      .from(accountTokens)
      .where(
        and(
          eq(accountTokens.referrerId, referrer.id),
          eq(accountTokens.purpose, purpose),
          gt(accountTokens.createdAt, since),
        ),
      )
    if ((recent?.mails ?? 0) >= WELCOME_MAILS_PER_HOUR) return false
    if (pending) await sendParticipationMail(tx, tenant, referrer, pending, clock)
    else await sendWelcomeMail(tx, tenant, referrer, clock)
    return true
  })
  if (sent) kickMailWorker()
}
