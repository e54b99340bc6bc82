import 'server-only'
import { getDb } from '@/lib/engine/db'
import { auditLog } from '@/lib/db/schema'
import { ApiError } from '@/lib/shared/errors'
import { issueAccountToken } from '@/lib/engine/auth/one-time-token'
import { systemClock, type Clock } from '@/lib/engine/clock'
import { portalLink } from '@/lib/engine/tenants/portal-link'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import { findReferrerByEmail } from './find-referrer'

/**
 * Operator: a single-use admin login token for one referrer (valid 15 minutes), with an audit record of
 * who asked and why. The link opens /login/{adminLoginToken}, which logs in as that referrer with the
 * support notice.
 */
export async function issueAdminLoginToken(
  tenant: Tenant,
  input: { Email: string; Grund: string; Bearbeiter: string },
  clock: Clock = systemClock,
) {
  const db = await getDb()
  const referrer = await findReferrerByEmail(db, tenant.slug, input.Email)
  if (!referrer) throw new ApiError('NichtRegistriert')
  return db.transaction(async (tx) => {
    const issued = await issueAccountToken(tx, {
      tenantSlug: tenant.slug,
      referrerId: referrer.id,
      purpose: 'admin',
      clock,
    })
    await tx.insert(auditLog).values({
      tenantSlug: tenant.slug,
      actor: `operator:${input.Bearbeiter}`,
      action: 'admin_login_issued',
      subjectId: referrer.id,
      detail: { grund: input.Grund, gueltigBis: issued.expiresAt.toISOString() },
    })
    return {
      Token: issued.token,
      Url: portalLink(tenant, 'de', 'Admin', { adminLoginToken: issued.token }),
      GueltigBis: issued.expiresAt.toISOString(),
    }
  })
}
