import 'server-only'
import { eq } from 'drizzle-orm'
import { getDb } from '@/lib/engine/db'
import { tenants } from '@/lib/db/schema'
import { ApiError } from '@/lib/shared/errors'
import { tenantSettingsSchema, type TenantSettings } from '@/lib/shared/tenants/settings'
import { isValidTenantSlug } from '@/lib/shared/tenants/slug'

export type Tenant = { slug: string; settings: TenantSettings }

export async function getTenant(slug: string): Promise<Tenant | null> {
  if (!isValidTenantSlug(slug)) return null
  const db = await getDb()
  const [row] = await db.select().from(tenants).where(eq(tenants.slug, slug)).limit(1)
  if (!row) return null
  return { slug: row.slug, settings: tenantSettingsSchema.parse(row.settings) }
}

export async function getTenantOrThrow(slug: string): Promise<Tenant> {
  const tenant = await getTenant(slug)
  if (!tenant) throw new ApiError('MandantUnbekannt')
  return tenant
}
