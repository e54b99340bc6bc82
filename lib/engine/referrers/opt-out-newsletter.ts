import 'server-only'
import { eq } from 'drizzle-orm'
import { getDb } from '@/lib/engine/db'
import { referrerConsents, referrers } from '@/lib/db/schema'
import { systemClock, type Clock } from '@/lib/engine/clock'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import { NEWSLETTER_CONSENT_VERSION } from '@/lib/contracts/account'
import { expireAccountTokens } from '@/lib/engine/auth/one-time-token'
import { findReferrerById } from './find-referrer'
import { newsletterStatus } from './newsletter'
import type { ReferrerRow } from './to-user'

/**
 * Withdraws the newsletter permission (and a pending request, whose mailed link stops working), from my
 * data or the unsubscribe link.
 * Repeating it changes nothing; an account deleted meanwhile has nothing left to unsubscribe.
 */
export async function optOutNewsletter(
  tenant: Tenant,
  who: ReferrerRow | string,
  clock: Clock = systemClock,
) {
  const db = await getDb()
  return db.transaction(async (tx) => {
    const referrer = typeof who === 'string' ? await findReferrerById(tx, tenant.slug, who) : who
    if (!referrer)
      return {
        Status: 'optedOut' as const,
        newsletterpermission: false,
        newsletterpermissionversendetam: null,
      }
    const wasSubscribed = referrer.newsletterPermission || referrer.newsletterPermissionSentAt !== null
    // A confirmation link mailed before no longer subscribes: the withdrawal is the later word.
    await expireAccountTokens(tx, { referrerId: referrer.id, purposes: ['newsletter'], now: clock() })
    const [updated] = await tx
      .update(referrers)
      .set({ newsletterPermission: false, newsletterPermissionSentAt: null })
      .where(eq(referrers.id, referrer.id))
      .returning()
    if (wasSubscribed) {
      await tx.insert(referrerConsents).values({
        referrerId: referrer.id,
        kind: 'newsletter',
        action: 'withdrawn',
        textVersion: NEWSLETTER_CONSENT_VERSION,
        text: '',
        createdAt: clock(),
      })
    }
    return newsletterStatus(updated!)
  })
}
