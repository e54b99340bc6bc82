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
