import 'server-only'
import { eq, sql } from 'drizzle-orm'
import { announceTenantChange } from '@/lib/shared/tenant-changes'
import { getDb } from '@/lib/engine/db'
import { tenants } from '@/lib/db/schema'
import { tenantSettingsSchema, type TenantSettings } from '@/lib/shared/tenants/settings'
import { ApiError } from '@/lib/shared/errors'

/**
 * Changes a tenant's settings in one transaction (the row is locked, so two operators' changes never
 * overwrite each other), validates the result, and announces the change so cached copies of the tenant renew.
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
  announceTenantChange({ tenant: slug, scope: 'settings' })
  return updated
}
