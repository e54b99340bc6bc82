import 'server-only'
import { cache } from 'react'
import { notFound } from 'next/navigation'
import { setRequestLocale } from 'next-intl/server'
import { getTenantConfigCached } from '@/lib/portal/main-api/cached'
import { DEFAULT_LOCALE, type Locale } from '@/lib/i18n/config'
import { encodeRequestLocale } from '@/lib/i18n/request-locale'
import { parseTenantParam, type PortalContext } from '@/lib/routes/href'
import type { PublicTenantConfig } from '@/lib/shared/tenants/settings'

/** The tenant segment also names the locale and the addressing: see parseTenantParam. */
export type PortalParams = { tenant: string }
export type Portal = { ctx: PortalContext; config: PublicTenantConfig }

/** Resolves tenant and locale of a screen; unknown tenants and locales get the 404 page. */
export async function resolvePortal(params: Promise<PortalParams> | PortalParams): Promise<Portal> {
  const portal = await findPortal(params)
  if (!portal) notFound()
  return portal
}

/** Tenant and locale of a request, or null when either is unknown. */
export async function findPortal(params: Promise<PortalParams> | PortalParams): Promise<Portal | null> {
  return portalOf((await params).tenant)
}

// Metadata, layout and screen of one request resolve the same segment: once is enough.
const portalOf = cache(async (segment: string): Promise<Portal | null> => {
  const ctx = parseTenantParam(segment)
  // Set first, so even an unknown tenant's not-found page has its locale (next-intl would otherwise
  // read request headers, which a cached page may not).
  setRequestLocale(ctx?.locale ?? DEFAULT_LOCALE)
  if (!ctx) return null
  const config = await getTenantConfigCached(ctx)
  if (!config || !config.Settings.Languages.includes(ctx.locale)) return null
  // A known tenant: its own texts (content) join the messages of this request.
  setRequestLocale(encodeRequestLocale(ctx.locale, ctx.tenant) as Locale)
  return { ctx, config }
})
