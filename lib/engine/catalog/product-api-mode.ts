import 'server-only'
import { ApiError } from '@/lib/shared/errors'
import { PRODUKT_API_MODES } from '@/lib/shared/tenants/settings'
import type { Tenant } from '@/lib/engine/tenants/tenant'

export type ProduktApiMode = (typeof PRODUKT_API_MODES)[number]

/**
 * The tenant's product API (SPEC §7.7, setting produktApi): 'builtin' (this engine's catalogue),
 * 'provider' (the provider's product API at apiRoute) or 'mixed' (internet and mobilfunk built in,
 * the rest from the provider). Any other value fails with the SPEC's message.
 */
export function productApiMode(tenant: Tenant): ProduktApiMode {
  const mode = tenant.settings.produktApi
  if (!(PRODUKT_API_MODES as readonly string[]).includes(mode)) throw new ApiError('ProduktApiUnbekannt')
  return mode as ProduktApiMode
}
