import 'server-only'
import { eq, sql } from 'drizzle-orm'
import { revalidateTag } from 'next/cache'
import { tenantTag } from '@/lib/cache-tags'
import { getDb } from '@/lib/db/client'
import { tenants } from '@/lib/db/schema'
import { tenantSettingsSchema, type TenantSettings } from '@/lib/tenants/settings'
import { ApiError } from '@/lib/errors'

/**
 * Changes a tenant's settings in one transaction (the row is locked, so two operators' changes never
 * overwrite each other), validates the result, and lets the portal's cached pages of the tenant renew.
 */
export async function updateTenantSettings(
  slug: string,
  change: (settings: TenantSettings) => TenantSettings,
): Promise<TenantSettings> {
  const db = await getDb()
  const updated = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ settings: tenants.settings })
      .from(tenants)
      .where(eq(tenants.slug, slug))
      .for('update')
    if (!row) throw new ApiError('MandantUnbekannt')
    const next = tenantSettingsSchema.parse(change(tenantSettingsSchema.parse(row.settings)))
    await tx
      .update(tenants)
      .set({ settings: next, updatedAt: sql`now()` })
      .where(eq(tenants.slug, slug))
    return next
  })
  revalidateTenant(slug)
  return updated
}

/** The portal's cached data and pages of the tenant expire: the next request renders them anew. */
export function revalidateTenant(slug: string) {
  try {
    revalidateTag(tenantTag(slug), { expire: 0 })
  } catch {
    // Outside a request of the Next server (scripts, unit tests) there is no cache to renew.
  }
}
