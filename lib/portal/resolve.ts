import 'server-only'
import { notFound } from 'next/navigation'
import { setRequestLocale } from 'next-intl/server'
import { getTenantConfigCached } from '@/lib/api/cached'
import { isLocale } from '@/lib/i18n/config'
import { parseTenantParam, type PortalContext } from '@/lib/routes/href'
import type { PublicTenantConfig } from '@/lib/tenants/settings'

export type PortalParams = { tenant: string; locale: string }
export type Portal = { ctx: PortalContext; config: PublicTenantConfig }

/** Resolves tenant and locale of a screen; unknown tenants and locales get the 404 page. */
export async function resolvePortal(params: Promise<PortalParams> | PortalParams): Promise<Portal> {
  const { tenant, locale } = await params
  const parsed = parseTenantParam(tenant)
  if (!parsed || !isLocale(locale)) notFound()
  const config = await getTenantConfigCached(parsed.slug)
  if (!config || !config.Settings.Languages.includes(locale)) notFound()
  setRequestLocale(locale)
  return { ctx: { tenant: parsed.slug, locale, hostMapped: parsed.hostMapped }, config }
}
