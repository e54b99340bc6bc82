import 'server-only'
import { eq } from 'drizzle-orm'
import { getDb } from '@/lib/engine/db'
import { tenants } from '@/lib/db/schema'
import { ApiError } from '@/lib/shared/errors'
import { onTenantChange } from '@/lib/shared/tenant-changes'
import { isValidTenantSlug } from '@/lib/shared/tenants/slug'
import { toTenant, type Tenant } from './tenant'

/**
 * Every main-API call starts by resolving its tenant, so a known tenant is kept in this process for
 * KEEP_MS: its row and checked settings are read once, not once per call. A change this server makes
 * (operator PUT, settings update, content webhook) drops it at once through the engine's change
 * announcement (lib/shared/tenant-changes.ts); a change made on another server counts here after at
 * most KEEP_MS. Unknown slugs are never kept, so random names cannot fill the memory.
 */
export const KEEP_MS = 5_000

type Kept = { until: number; tenant: Promise<Tenant | null> }
// On globalThis: route handlers of one process are separate bundles, and one copy serves them all.
const KEY = Symbol.for('referral-portal.kept-tenants')
type Holder = { [KEY]?: Map<string, Kept> }

function keptTenants(): Map<string, Kept> {
  const holder = globalThis as Holder
  if (!holder[KEY]) {
    const kept = new Map<string, Kept>()
    holder[KEY] = kept
    onTenantChange(({ tenant }) => kept.delete(tenant))
  }
  return holder[KEY]
}

async function readTenant(slug: string): Promise<Tenant | null> {
  const db = await getDb()
  const [row] = await db.select().from(tenants).where(eq(tenants.slug, slug)).limit(1)
  return row ? toTenant(row) : null
}

export async function getTenant(slug: string, now = Date.now()): Promise<Tenant | null> {
  if (!isValidTenantSlug(slug)) return null
  const kept = keptTenants()
  const known = kept.get(slug)
  if (known && known.until > now) return known.tenant
  const tenant = readTenant(slug)
  const entry: Kept = { until: now + KEEP_MS, tenant }
  kept.set(slug, entry)
  // A failed read or an unknown slug is not kept (unless a newer read replaced it meanwhile).
  const found = await tenant.catch((error: unknown) => {
    if (kept.get(slug) === entry) kept.delete(slug)
    throw error
  })
  if (!found && kept.get(slug) === entry) kept.delete(slug)
  return found
}

export async function getTenantOrThrow(slug: string): Promise<Tenant> {
  const tenant = await getTenant(slug)
  if (!tenant) throw new ApiError('MandantUnbekannt')
  return tenant
}
