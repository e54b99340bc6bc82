import 'server-only'
import { and, desc, eq } from 'drizzle-orm'
import { getDb } from '@/lib/engine/db'
import { referrerConsents, referrers } from '@/lib/db/schema'
import { ApiError } from '@/lib/shared/errors'
import { systemClock, type Clock } from '@/lib/engine/clock'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import { NEWSLETTER_CONSENT_VERSION } from '@/lib/contracts/account'
import { consumeReferrerToken } from './consume-referrer-token'
import { newsletterStatus } from './newsletter'

/** The opt-in link (second step of the double opt-in): the permission is given, with its time. */
export async function confirmNewsletterOptin(tenant: Tenant, token: string, clock: Clock = systemClock) {
  // Where the tenant offers no newsletter, nothing can be subscribed to (withdrawing stays possible).
  if (!tenant.settings.ModuleNewsletterPermission) throw new ApiError('NichtAuthorisiert')
  const db = await getDb()
  return db.transaction(async (tx) => {
    const { referrer } = await consumeReferrerToken(tx, tenant, { token, purposes: ['newsletter'], clock })
    const [updated] = await tx
      .update(referrers)
      .set({ newsletterPermission: true })
      .where(eq(referrers.id, referrer.id))
      .returning()
    // The text the referrer agreed to is the one recorded with the request this mail answered.
    const [requested] = await tx
      .select({ text: referrerConsents.text, version: referrerConsents.textVersion })
      .from(referrerConsents)
      .where(
        and(
          eq(referrerConsents.referrerId, referrer.id),
          eq(referrerConsents.kind, 'newsletter'),
          eq(referrerConsents.action, 'requested'),
        ),
      )
      .orderBy(desc(referrerConsents.createdAt))
      .limit(1)
    await tx.insert(referrerConsents).values({
      referrerId: referrer.id,
      kind: 'newsletter',
      action: 'granted',
      textVersion: requested?.version ?? NEWSLETTER_CONSENT_VERSION,
      text: requested?.text ?? '',
      createdAt: clock(),
    })
    return newsletterStatus(updated!)
  })
}
