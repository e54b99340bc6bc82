import 'server-only'
import { and, desc, eq } from 'drizzle-orm'
import { getDb } from '@/lib/engine/db'
import { recommendations } from '@/lib/db/schema'
import { awaitingOptIn } from '@/lib/engine/recommendations/pending-opt-in'
import { sendParticipationMail } from '@/lib/engine/recommendations/recommendation-mails'
import { systemClock, type Clock } from '@/lib/engine/clock'
import { decide, reserve } from '@/lib/engine/limits/counter'
import { kickMailWorker } from '@/lib/engine/mail/start-mail-worker'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import { isExcludedEmail } from './excluded-email'
import { accountMailCounter, WELCOME_MAILS_PER_HOUR } from './account-mail-limit'
import { findReferrerByEmail } from './find-referrer'
import { sendWelcomeMail } from './send-welcome-mail'

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
    .where(and(eq(recommendations.referrerId, referrer.id), awaitingOptIn(clock())))
    .orderBy(desc(recommendations.createdAt))
    .limit(1)
  if (!pending && referrer.passwordHash) return
  const purpose = pending ? 'participation' : 'welcome'
  // The request takes its number first, so parallel requests cannot all pass the limit together, and its
  // mail counts in the transaction that writes it (the registration's and the recommendation's mails
  // are recorded where they are written).
  const reservation = await reserve(db, tenant.slug, [accountMailCounter(purpose, referrer.id)], clock())
  try {
    if (
      decide(reservation.tallies, [{ captchaAfter: null, refuseAfter: WELCOME_MAILS_PER_HOUR }]) === 'refuse'
    )
      return
    await reservation.countedTransaction(async (tx) => {
      if (pending) await sendParticipationMail(tx, tenant, referrer, pending, clock)
      else await sendWelcomeMail(tx, tenant, referrer, clock)
    })
    kickMailWorker()
  } finally {
    await reservation.release()
  }
}
