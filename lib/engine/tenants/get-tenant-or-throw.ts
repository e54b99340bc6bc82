import 'server-only'
import { eq } from 'drizzle-orm'
import { getDb } from '@/lib/engine/db'
import { tenants } from '@/lib/db/schema'
import { keptForAMoment } from '@/lib/engine/kept'
import { ApiError } from '@/lib/shared/errors'
import { isValidTenantSlug } from '@/lib/shared/tenants/slug'
import { toTenant, type Tenant } from './tenant'

/**
 * Every main-API call starts by resolving its tenant, so a known tenant is kept for KEEP_MS: its row
 * and checked settings are read once, not once per call (lib/engine/kept.ts: a change on this server
 * counts at once, one on another after KEEP_MS). Unknown slugs are never kept.
 */
const KEEP_MS = 5_000

const kept = keptForAMoment<Tenant | null>('tenants', {
  keepMs: KEEP_MS,
  maxEntries: 1_000,
  worthKeeping: (tenant) => tenant !== null,
})

async function readTenant(slug: string): Promise<Tenant | null> {
  const db = await getDb()
  const [row] = await db.select().from(tenants).where(eq(tenants.slug, slug)).limit(1)
  return row ? toTenant(row) : null
}

export async function getTenant(slug: string): Promise<Tenant | null> {
  if (!isValidTenantSlug(slug)) return null
  return kept(slug, '', () => readTenant(slug))
}

export async function getTenantOrThrow(slug: string): Promise<Tenant> {
  const tenant = await getTenant(slug)
  if (!tenant) throw new ApiError('MandantUnbekannt')
  return tenant
}
