import 'server-only'
import { eq } from 'drizzle-orm'
import { getDb } from '@/lib/engine/db'
import { auditLog, referrerCustomerNumbers } from '@/lib/db/schema'
import { undoCreditPicks } from '@/lib/engine/rewards/undo-credit-picks'
import { ApiError } from '@/lib/shared/errors'
import type { CustomerNumberResult, ReviewCustomerNumberRequest } from '@/lib/contracts/customer-number'
import { systemClock, type Clock } from '@/lib/engine/clock'
import { findReferrerByEmail } from '@/lib/engine/referrers/find-referrer'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import {
  assertCreditOffered,
  customerNumberIndex,
  lockCustomerNumber,
  toCustomerNumberResult,
} from './stored-customer-number'

/**
 * PUT /operator/kundennummer: the operator confirms (Bestaetigt) or rejects (Abgelehnt) a referrer's
 * customer number after checking it with the provider; a later decision corrects an earlier one. A
 * rejection also undoes the referrer's credit picks not yet exported (undoCreditPicks).
 * NichtRegistriert for an unknown e-mail, NichtGefunden when no number is on file or it is not the one
 * the operator names. Audited without the number.
 */
export async function reviewCustomerNumber(
  tenant: Tenant,
  input: ReviewCustomerNumberRequest,
  clock: Clock = systemClock,
): Promise<CustomerNumberResult> {
  assertCreditOffered(tenant)
  const db = await getDb()
  const referrer = await findReferrerByEmail(db, tenant.slug, input.Email)
  if (!referrer) throw new ApiError('NichtRegistriert')
  const row = await db.transaction(async (tx) => {
    const current = await lockCustomerNumber(tx, referrer.id)
    if (!current) throw new ApiError('NichtGefunden')
    if (
      input.Kundennummer &&
      current.kundennummerIndex !== customerNumberIndex(tenant.slug, input.Kundennummer)
    )
      throw new ApiError('NichtGefunden')
    const [updated] = await tx
      .update(referrerCustomerNumbers)
      .set({ status: input.Status, updatedAt: clock() })
      .where(eq(referrerCustomerNumbers.referrerId, referrer.id))
      .returning()
    await tx.insert(auditLog).values({
      tenantSlug: tenant.slug,
      actor: `operator:${input.Bearbeiter}`,
      action: input.Status === 'Bestaetigt' ? 'customer_number_confirmed' : 'customer_number_rejected',
      subjectId: referrer.id,
    })
    if (input.Status === 'Abgelehnt')
      await undoCreditPicks(tx, referrer.id, 'Kundennummer abgelehnt', clock())
    return updated!
  })
  return toCustomerNumberResult(tenant.slug, row)
}
