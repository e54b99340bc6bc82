import 'server-only'
import { env } from '@/lib/shared/env'
import type { Locale } from '@/lib/i18n/config'
import { withQuery, type Query } from '@/lib/routes/href'
import { buildPath, type RouteName, type RouteParams } from '@/lib/routes/table'
import type { Tenant } from './tenant'

/**
 * Absolute links into a tenant's portal, for mails and operator answers. PUBLIC_BASE_URL (development
 * and test servers) wins; otherwise the tenant's PortalUrls entry for APP_ENV when not empty (the tenant path included
 * unless the portal has a host of its own); otherwise this server on localhost.
 */
export function portalBase(tenant: Tenant): string {
  const { PUBLIC_BASE_URL, APP_ENV, PORT } = env()
  if (PUBLIC_BASE_URL) return `${PUBLIC_BASE_URL.replace(/\/$/, '')}/${tenant.slug}`
  const configured = tenant.settings.PortalUrls?.[APP_ENV]
  if (configured) return configured.replace(/\/$/, '')
  return `http://localhost:${PORT}/${tenant.slug}`
}

export function portalLink(
  tenant: Tenant,
  locale: Locale,
  name: RouteName,
  params?: RouteParams,
  query?: Query,
): string {
  const path = buildPath(name, params)
  const localePrefix = locale === 'de' ? '' : `/${locale}`
  return withQuery(`${portalBase(tenant)}${localePrefix}${path === '/' ? '' : path}`, query)
}
