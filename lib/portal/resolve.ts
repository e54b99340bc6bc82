import 'server-only'
import { notFound } from 'next/navigation'
import { setRequestLocale } from 'next-intl/server'
import { getTenantConfigCached } from '@/lib/api/cached'
import { DEFAULT_LOCALE, isLocale } from '@/lib/i18n/config'
import { parseTenantParam, type PortalContext } from '@/lib/routes/href'
import type { PublicTenantConfig } from '@/lib/tenants/settings'

export type PortalParams = { tenant: string; locale: string }
export type Portal = { ctx: PortalContext; config: PublicTenantConfig }

/** Resolves tenant and locale of a screen; unknown tenants and locales get the 404 page. */
export async function resolvePortal(params: Promise<PortalParams> | PortalParams): Promise<Portal> {
  const portal = await findPortal(params)
  if (!portal) notFound()
  return portal
}

/** Tenant and locale of a request, or null when either is unknown. */
export async function findPortal(params: Promise<PortalParams> | PortalParams): Promise<Portal | null> {
  const { tenant, locale } = await params
  // Set first, so even an unknown tenant's not-found page has its locale (next-intl would otherwise
  // read request headers, which a cached page may not).
  setRequestLocale(isLocale(locale) ? locale : DEFAULT_LOCALE)
  const parsed = parseTenantParam(tenant)
  if (!parsed || !isLocale(locale)) return null
  const config = await getTenantConfigCached(parsed.slug)
  if (!config || !config.Settings.Languages.includes(locale)) return null
  return { ctx: { tenant: parsed.slug, locale, hostMapped: parsed.hostMapped }, config }
}
