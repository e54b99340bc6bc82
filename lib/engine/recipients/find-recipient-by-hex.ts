import 'server-only'
import { and, eq } from 'drizzle-orm'
import type { Db } from '@/lib/engine/db'
import { recipients, recommendations } from '@/lib/db/schema'
import { ApiError } from '@/lib/shared/errors'
import type { Tenant } from '@/lib/engine/tenants/tenant'

/** The tenant's recipient behind a marker (hex) with the number of its recommendation, or NichtGefunden. */
export async function findRecipientByHexOrThrow(db: Db, tenant: Tenant, hex: string) {
  const [row] = await db
    .select({ recipient: recipients, nummer: recommendations.nummer })
    .from(recipients)
    .innerJoin(recommendations, eq(recommendations.id, recipients.recommendationId))
    .where(and(eq(recipients.tenantSlug, tenant.slug), eq(recipients.hex, hex)))
    .limit(1)
  if (!row) throw new ApiError('NichtGefunden')
  return row
}
