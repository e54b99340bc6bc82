import 'server-only'
import { createHmac } from 'node:crypto'
import { isIP } from 'node:net'
import { env } from '@/lib/shared/env'

/**
 * The portal calls the main API from its server, so the API sees the portal, not the browser. The
 * portal passes the browser's IP in X-Client-IP with this signature (key: the shared API token secret);
 * the built-in engine trusts only a correctly signed value (failed logins are counted per IP).
 */
export function signClientIp(ip: string): string {
  return createHmac('sha256', env().API_TOKEN_SECRET).update(`client-ip:${ip}`).digest('base64url')
}

/**
 * The client's address. The production server (server.mjs, lib/edge/client-address.mjs) puts exactly one
 * address into X-Forwarded-For, taken from the socket and the TRUSTED_PROXY_HOPS configured proxies;
 * whatever the client sent there is gone by then. Under `next dev` Next's server sets the header from the
 * socket when the client sent none; of several entries the last (nearest) counts. Null when it holds no
 * IP address.
 */
export function clientIpFromForwarded(header: string | null): string | null {
  const last = (header ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .at(-1)
  return last && isIP(last) ? last : null
}
