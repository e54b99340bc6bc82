import 'server-only'
import { eq } from 'drizzle-orm'
import { getDb } from '@/lib/engine/db'
import { tenants } from '@/lib/db/schema'
import { ApiError } from '@/lib/shared/errors'
import { isValidTenantSlug } from '@/lib/shared/tenants/slug'
import { toTenant, type Tenant } from './tenant'

export async function getTenant(slug: string): Promise<Tenant | null> {
  if (!isValidTenantSlug(slug)) return null
  const db = await getDb()
  const [row] = await db.select().from(tenants).where(eq(tenants.slug, slug)).limit(1)
  return row ? toTenant(row) : null
}

export async function getTenantOrThrow(slug: string): Promise<Tenant> {
  const tenant = await getTenant(slug)
  if (!tenant) throw new ApiError('MandantUnbekannt')
  return tenant
}
