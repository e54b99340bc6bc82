import 'server-only'
import { log } from '@/lib/shared/log'
import type { PageViewHit } from './page-view'

const FORWARD_TIMEOUT_MS = 5_000

export type ForwardContext = {
  tenant: string
  /** The client's address, already shortened (anonymizeIp); sent as X-Forwarded-For. */
  anonymizedIp: string | null
  userAgent: string | null
  acceptLanguage: string | null
}

/**
 * The parameters of a Matomo tracking request: the browser's page view plus rec, apiv, rand, send_image
 * and the visitor's user agent and language (both allowed without token_auth).
 */
export function matomoParams(hit: PageViewHit, context: ForwardContext, rand: string): URLSearchParams {
  const params = new URLSearchParams({ rec: '1', apiv: '1', send_image: '0', rand })
  for (const [key, value] of Object.entries(hit)) if (value !== undefined) params.set(key, String(value))
  if (context.userAgent) params.set('ua', context.userAgent.slice(0, 512))
  if (context.acceptLanguage) params.set('lang', context.acceptLanguage.slice(0, 128))
  return params
}

/**
 * Sends the page view to the tenant's Matomo endpoint, server to server. Matomo sees the portal's
 * address; the client's shortened address goes in X-Forwarded-For (Matomo reads it when it is configured
 * to trust the portal as a proxy: proxy_client_headers[] = HTTP_X_FORWARDED_FOR). A failure is logged
 * and never reaches the visitor.
 */
export async function forwardHit(
  endpoint: string,
  hit: PageViewHit,
  context: ForwardContext,
): Promise<boolean> {
  const headers: Record<string, string> = { 'Content-Type': 'application/x-www-form-urlencoded' }
  if (context.anonymizedIp) headers['X-Forwarded-For'] = context.anonymizedIp
  if (context.userAgent) headers['User-Agent'] = context.userAgent.slice(0, 512)
  const rand = Math.floor(Math.random() * 1e9).toString(36)
  try {
    const response = await fetch(endpoint, {
      method: 'POST',
      headers,
      body: matomoParams(hit, context, rand).toString(),
      signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS),
      cache: 'no-store',
      redirect: 'error',
    })
    await response.arrayBuffer().catch(() => undefined)
    if (!response.ok) {
      log.warn('Tracking: Weiterleitung abgelehnt', { tenant: context.tenant, status: response.status })
      return false
    }
    return true
  } catch (error) {
    log.warn('Tracking: Weiterleitung fehlgeschlagen', {
      tenant: context.tenant,
      error: error instanceof Error ? error.name : 'unknown',
    })
    return false
  }
}
