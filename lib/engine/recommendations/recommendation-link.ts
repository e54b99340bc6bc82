import 'server-only'
import { env } from '@/lib/shared/env'
import { portalBase } from '@/lib/engine/tenants/portal-link'
import type { Tenant } from '@/lib/engine/tenants/tenant'

/**
 * The personal link a referrer shares: the tenant's recommendation link domain for APP_ENV (SPEC §3),
 * or this portal's address where PUBLIC_BASE_URL names one (development and test servers).
 */
export function recommendationLink(tenant: Tenant, nummer: string): string {
  const domain = tenant.settings.RecommendationLinkDomains?.[env().APP_ENV]
  const base = env().PUBLIC_BASE_URL || !domain ? portalBase(tenant) : domain.replace(/\/$/, '')
  return `${base}/empfehlung/${encodeURIComponent(nummer)}`
}
