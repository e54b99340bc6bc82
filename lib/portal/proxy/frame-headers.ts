import type { NextRequest, NextResponse } from 'next/server'
import { getTenantConfigCached } from '@/lib/portal/main-api/cached'
import { env } from '@/lib/shared/env'
import { log } from '@/lib/shared/log'
import { contentSecurityPolicy, frameOptions, frameOrigins } from '@/lib/edge/security-headers.mjs'
import { isValidTenantSlug } from '@/lib/shared/tenants/slug'

/**
 * Widget mode (SPEC §1, §2.4; QUALITY §Security 11): a request with the `widget` query parameter may be
 * framed by the tenant's registered host origins (tenant setting FrameAncestors), everything else only
 * by the portal itself (next.config.mjs). Static headers cannot know a tenant's origins, so the proxy
 * sets the CSP and X-Frame-Options here; its matcher takes only requests that carry `widget`.
 */

/** The tenant a request addresses: its own host (TENANT_HOSTS), else the first path segment. */
export function tenantOfRequest(
  pathname: string,
  hosts: readonly (string | null)[],
  hostMap: Readonly<Record<string, string>>,
): string | null {
  for (const host of hosts) {
    const name = host?.split(',')[0]?.trim().toLowerCase().replace(/:\d+$/, '')
    if (name && hostMap[name]) return hostMap[name]
  }
  const first = pathname.split('/')[1] ?? ''
  return isValidTenantSlug(first) ? first : null
}

// Unknown slugs are not kept by getTenantConfigCached; remembering them briefly keeps invented
// addresses with ?widget from each costing a main-API call. Bounded, so they cannot fill memory.
const UNKNOWN_TTL_MS = 60_000
const UNKNOWN_MAX = 1000
const unknown = new Map<string, number>()

/** The tenant's registered host origins; none for an unknown tenant or when the lookup fails. */
export async function registeredFrameOrigins(slug: string | null): Promise<string[]> {
  if (!slug) return []
  const until = unknown.get(slug)
  if (until !== undefined) {
    if (until > Date.now()) return []
    unknown.delete(slug)
  }
  try {
    const config = await getTenantConfigCached({ tenant: slug })
    if (config) return frameOrigins(config.Settings.FrameAncestors)
    if (unknown.size >= UNKNOWN_MAX) unknown.clear()
    unknown.set(slug, Date.now() + UNKNOWN_TTL_MS)
  } catch (error) {
    // Fails closed: the portal may then be framed only by itself.
    log.warn('frame-ancestors: tenant configuration not available', {
      tenant: slug,
      error: error instanceof Error ? error.message : String(error),
    })
  }
  return []
}

/** Sets the framing headers of a widget-mode response: frame-ancestors 'self' plus the tenant's origins. */
export async function applyFrameHeaders(request: NextRequest, response: NextResponse): Promise<NextResponse> {
  const slug = tenantOfRequest(
    request.nextUrl.pathname,
    [request.headers.get('host'), request.headers.get('x-forwarded-host')],
    env().TENANT_HOSTS,
  )
  const origins = await registeredFrameOrigins(slug)
  response.headers.set('Content-Security-Policy', contentSecurityPolicy(origins))
  const xfo = frameOptions(origins)
  if (xfo) response.headers.set('X-Frame-Options', xfo)
  else response.headers.delete('X-Frame-Options')
  return response
}
