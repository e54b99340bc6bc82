import 'server-only'
import { and, eq } from 'drizzle-orm'
import { getDb } from '@/lib/engine/db'
import { recipients, recommendations } from '@/lib/db/schema'
import { ApiError } from '@/lib/shared/errors'
import type { Tenant } from '@/lib/engine/tenants/tenant'

/**
 * GET /empfaenger/{hex}: whether the recipient the portal remembers (by the marker in its session)
 * still exists, and how far they got. Unknown markers are not found; the portal then forgets it.
 */
export async function getStoredRecipient(tenant: Tenant, hex: string) {
  const db = await getDb()
  const [row] = await db
    .select({ recipient: recipients, nummer: recommendations.nummer })
    .from(recipients)
    .innerJoin(recommendations, eq(recommendations.id, recipients.recommendationId))
    .where(and(eq(recipients.tenantSlug, tenant.slug), eq(recipients.hex, hex)))
    .limit(1)
  if (!row) throw new ApiError('NichtGefunden')
  return {
    Empfaengernummer: row.recipient.empfaengernummer,
    Empfehlungsnummer: row.nummer,
    Bestaetigt: row.recipient.confirmedAt !== null,
    Zugestimmt: row.recipient.consentedAt !== null,
  }
}
