import 'server-only'
import { headers } from 'next/headers'

/**
 * The browser's IP as this server received it: the first x-forwarded-for entry (set by the reverse
 * proxy in front, or by Next's server from the socket).
 */
export async function clientIpOfRequest(): Promise<string | null> {
  const forwarded = (await headers()).get('x-forwarded-for')
  return forwarded?.split(',')[0]?.trim() || null
}
