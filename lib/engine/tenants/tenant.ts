import { tenantSettingsSchema, type TenantSettings } from '@/lib/shared/tenants/settings'
import type { tenants } from '@/lib/db/schema'

/** A tenant as the engine works with it: its slug and its settings, defaults filled in. */
export type Tenant = { slug: string; settings: TenantSettings }

/** A stored tenant row as a Tenant: the settings checked and completed by their schema. */
export function toTenant(row: Pick<typeof tenants.$inferSelect, 'slug' | 'settings'>): Tenant {
  return { slug: row.slug, settings: tenantSettingsSchema.parse(row.settings) }
}
