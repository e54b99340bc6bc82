import 'server-only'
import { sql } from 'drizzle-orm'
import { getDb } from '@/lib/engine/db'
import { tenants } from '@/lib/db/schema'
import { ApiError } from '@/lib/shared/errors'
import { tenantSettingsSchema, toPublicConfig, type TenantSettingsInput } from '@/lib/shared/tenants/settings'
import { isValidTenantSlug } from '@/lib/shared/tenants/slug'
import { announceTenantChange } from '@/lib/shared/tenant-changes'

/**
 * Operator: creates a tenant or replaces its settings (PUT /api/v1/mandant/{tenant}). Settings left out
 * take their defaults (lib/shared/tenants/settings.ts). Answers the public configuration and whether the
 * tenant is new.
 */
export async function putTenant(slug: string, input: TenantSettingsInput) {
  if (!isValidTenantSlug(slug)) throw new ApiError('NichtGefunden')
  const settings = tenantSettingsSchema.parse(input)
  const db = await getDb()
  const [row] = await db
    .insert(tenants)
    .values({ slug, settings })
    .onConflictDoUpdate({ target: tenants.slug, set: { settings, updatedAt: sql`now()` } })
    .returning({ created: sql<boolean>`(xmax = 0)` })
  announceTenantChange({ tenant: slug, scope: 'settings' })
  return { ...toPublicConfig(slug, settings), Neu: row?.created ?? false }
}
