import 'server-only'
import { eq, sql } from 'drizzle-orm'
import { getDb } from '@/lib/engine/db'
import { auditLog, referrers } from '@/lib/db/schema'
import { ApiError } from '@/lib/shared/errors'
import { clearFailures } from '@/lib/engine/auth/login-throttle'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import { findReferrerByEmail } from './find-referrer'

/**
 * Operator: locks one account (KontoGesperrtEinzel; every session ends) or lifts any lock (and the
 * failed-login count). Audited.
 */
export async function setAccountLock(
  tenant: Tenant,
  input: { Email: string; Gesperrt: boolean; Bearbeiter: string },
) {
  const db = await getDb()
  const referrer = await findReferrerByEmail(db, tenant.slug, input.Email)
  if (!referrer) throw new ApiError('NichtRegistriert')
  await db.transaction(async (tx) => {
    await tx
      .update(referrers)
      .set(
        input.Gesperrt
          ? { locked: true, lockReason: 'einzel', sessionVersion: sql`${referrers.sessionVersion} + 1` }
          : { locked: false, lockReason: null },
      )
      .where(eq(referrers.id, referrer.id))
    if (!input.Gesperrt) await clearFailures(tx, tenant.slug, referrer.email)
    await tx.insert(auditLog).values({
      tenantSlug: tenant.slug,
      actor: `operator:${input.Bearbeiter}`,
      action: input.Gesperrt ? 'account_locked' : 'account_unlocked',
      subjectId: referrer.id,
    })
  })
  return { Gesperrt: input.Gesperrt }
}
