import 'server-only'
import { headers } from 'next/headers'
import { clientIpFromForwarded } from '@/lib/shared/client-ip'

/** The browser's IP as this server received it (see clientIpFromForwarded). */
export async function clientIpOfRequest(): Promise<string | null> {
  return clientIpFromForwarded((await headers()).get('x-forwarded-for'))
}
