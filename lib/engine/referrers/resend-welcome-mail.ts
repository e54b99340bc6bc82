import 'server-only'
import { and, count, eq, gt } from 'drizzle-orm'
import { getDb } from '@/lib/db/client'
import { accountTokens } from '@/lib/db/schema'
import { systemClock, type Clock } from '@/lib/engine/clock'
import { kickMailWorker } from '@/lib/engine/mail/start-mail-worker'
import type { Tenant } from '@/lib/engine/tenants/get-tenant-or-throw'
import { isExcludedEmail } from './excluded-email'
import { findReferrerByEmail } from './find-referrer'
import { sendWelcomeMail } from './send-welcome-mail'

/** Welcome mails per account and hour at most (the registration's included): no one floods a mailbox. */
export const WELCOME_MAILS_PER_HOUR = 3

/**
 * GET /account/resendWelcomeMail/{email}: a new welcome mail (new links; the old ones stop working) for
 * an account whose registration is not complete yet, up to WELCOME_MAILS_PER_HOUR. The caller always
 * gets the same answer.
 */
export async function resendWelcomeMail(tenant: Tenant, email: string, clock: Clock = systemClock) {
  const db = await getDb()
  const referrer = await findReferrerByEmail(db, tenant.slug, email)
  if (
    !referrer ||
    referrer.passwordHash ||
    referrer.locked ||
    isExcludedEmail(tenant.settings, referrer.email)
  )
    return
  const since = new Date(clock().getTime() - 60 * 60 * 1000)
  const sent = await db.transaction(async (tx) => {
    const [recent] = await tx
      .select({ mails: count() })
      .from(accountTokens)
      .where(
        and(
          eq(accountTokens.referrerId, referrer.id),
          eq(accountTokens.purpose, 'welcome'),
          gt(accountTokens.createdAt, since),
        ),
      )
    if ((recent?.mails ?? 0) >= WELCOME_MAILS_PER_HOUR) return false
    await sendWelcomeMail(tx, tenant, referrer, clock)
    return true
  })
  if (sent) kickMailWorker()
}
