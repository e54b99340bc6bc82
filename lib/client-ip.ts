import 'server-only'
import { createHmac } from 'node:crypto'
import { env } from '@/lib/env'

/**
 * The portal calls the main API from its server, so the API sees the portal, not the browser. The
 * portal passes the browser's IP in X-Client-IP with this signature (key: the shared API token secret);
 * the built-in engine trusts only a correctly signed value (failed logins are counted per IP).
 */
export function signClientIp(ip: string): string {
  return createHmac('sha256', env().API_TOKEN_SECRET).update(`client-ip:${ip}`).digest('base64url')
}

/**
 * The client's address from X-Forwarded-For. Each trusted reverse proxy appends the address it saw, so
 * with TRUSTED_PROXY_HOPS proxies in front the client is that many entries from the end; entries before
 * it were sent by the client and prove nothing. Without a proxy Next's server sets the header from the
 * socket when the client sent none.
 */
export function clientIpFromForwarded(header: string | null): string | null {
  const entries = (header ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
  if (entries.length === 0) return null
  return entries[Math.max(0, entries.length - env().TRUSTED_PROXY_HOPS)] ?? null
}
