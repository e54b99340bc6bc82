import 'server-only'
import { eq } from 'drizzle-orm'
import type { Db } from '@/lib/engine/db'
import { referrers } from '@/lib/db/schema'
import { isLocale } from '@/lib/i18n/config'
import { portalLink } from '@/lib/engine/tenants/portal-link'
import { sendAccountMail } from '@/lib/engine/referrers/send-account-mail'
import type { Tenant } from '@/lib/engine/tenants/tenant'

/** The events of the friend's path the referrer hears of by mail (contract success: rewardReady). */
export type FriendEvent = 'friendConfirmed' | 'friendOrdered'

/**
 * Tells the referrer by mail that the friend acted, in the transaction of the change that records the
 * act, so it is sent exactly once: the caller changes state only once (a confirmation sets confirmedAt
 * where it was empty; an order is inserted once per order number). The friend is named like the referrer
 * on the friend's pages: first name and initial. A deleted or locked referrer gets nothing.
 */
export async function sendFriendStatusMail(
  tx: Db,
  tenant: Tenant,
  event: FriendEvent,
  args: { referrerId: string | null; friend: { vorname: string; name: string }; produkt: string },
): Promise<void> {
  if (!args.referrerId) return
  const [referrer] = await tx.select().from(referrers).where(eq(referrers.id, args.referrerId)).limit(1)
  if (!referrer || referrer.locked) return
  const initial = args.friend.name.trim().slice(0, 1)
  const freund = initial ? `${args.friend.vorname} ${initial}.` : args.friend.vorname
  const locale = isLocale(referrer.language) ? referrer.language : 'de'
  await sendAccountMail(tx, tenant, referrer, event, {
    freund,
    produkt: args.produkt,
    dashboardLink: portalLink(tenant, locale, 'Dashboard'),
  })
}
