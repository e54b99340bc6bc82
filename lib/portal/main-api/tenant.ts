import 'server-only'
import { publicTenantConfigSchema, type PublicTenantConfig } from '@/lib/shared/tenants/settings'
import type { TenantContext } from './context'
import { orNull, read } from './request'

/** GET /mandant/{tenant} (§7.6): the tenant's public configuration; null for an unknown tenant. */
export function getTenantConfig(ctx: TenantContext): Promise<PublicTenantConfig | null> {
  const path = `/mandant/${encodeURIComponent(ctx.tenant)}`
  return orNull(read(ctx, { path, root: true, language: false, schema: publicTenantConfigSchema }))
}
