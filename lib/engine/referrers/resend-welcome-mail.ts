import 'server-only'
import { getDb } from '@/lib/db/client'
import { systemClock, type Clock } from '@/lib/engine/clock'
import { kickMailWorker } from '@/lib/engine/mail/start-mail-worker'
import type { Tenant } from '@/lib/engine/tenants/get-tenant-or-throw'
import { isExcludedEmail } from './excluded-email'
import { findReferrerByEmail } from './find-referrer'
import { sendWelcomeMail } from './send-welcome-mail'

/**
 * GET /account/resendWelcomeMail/{email}: a new welcome mail (new links; the old ones stop working) for
 * an account whose registration is not complete yet. The caller always gets the same answer.
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
  await db.transaction((tx) => sendWelcomeMail(tx, tenant, referrer, clock))
  kickMailWorker()
}
