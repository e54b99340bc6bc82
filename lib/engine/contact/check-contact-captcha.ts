import 'server-only'
import { getDb } from '@/lib/db/client'
import { systemClock, type Clock } from '@/lib/engine/clock'
import type { Tenant } from '@/lib/engine/tenants/get-tenant-or-throw'
import { contactDecision, type ContactDecision } from './contact-limits'
import { contactClientKey, countRecentContactRequests } from './contact-velocity'

/**
 * GET /kontakt?cmd=IsCaptchaRequired: what the next contact request of this client needs (nothing, a
 * captcha, or it is refused until the hour has passed).
 */
export async function checkContactCaptcha(
  tenant: Tenant,
  args: { ip: string | null; clock?: Clock },
): Promise<ContactDecision> {
  const recentRequests = await countRecentContactRequests(await getDb(), {
    tenantSlug: tenant.slug,
    clientKey: contactClientKey(args.ip),
    now: (args.clock ?? systemClock)(),
  })
  return contactDecision({ recentRequests, captcha: tenant.settings.Captcha })
}
