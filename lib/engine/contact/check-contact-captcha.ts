import 'server-only'
import { getDb } from '@/lib/engine/db'
import { systemClock, type Clock } from '@/lib/engine/clock'
import { decide, peek, type LimitDecision } from '@/lib/engine/limits/counter'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import { contactLimit } from './contact-limits'
import { contactCounters } from './contact-velocity'

/**
 * GET /kontakt?cmd=IsCaptchaRequired: what the next contact request of this client needs (nothing, a
 * captcha, or it is refused until the hour has passed).
 */
export async function checkContactCaptcha(
  tenant: Tenant,
  args: { ip: string | null; clock?: Clock },
): Promise<LimitDecision> {
  const tallies = await peek(
    await getDb(),
    tenant.slug,
    contactCounters(args.ip),
    (args.clock ?? systemClock)(),
  )
  return decide(tallies, [contactLimit(tenant.settings.Captcha)])
}
