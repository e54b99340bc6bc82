import 'server-only'
import { createHmac } from 'node:crypto'
import { and, count, eq, gt } from 'drizzle-orm'
import type { Db } from '@/lib/db/client'
import { contactRequests } from '@/lib/db/schema'
import { env } from '@/lib/env'
import { CONTACT_LIMITS } from './contact-limits'

/** The per-IP counter keeps no address: an HMAC of it, for this purpose only. */
export function contactClientKey(ip: string | null): string | null {
  if (!ip) return null
  return createHmac('sha256', env().API_TOKEN_SECRET).update(`contact-ip:${ip}`).digest('hex')
}

/**
 * Contact requests of the client within the last hour, counted in the database, so the limit holds
 * across every server that shares it. Without a known client there is nothing to count.
 */
export async function countRecentContactRequests(
  db: Db,
  args: { tenantSlug: string; clientKey: string | null; now: Date },
): Promise<number> {
  if (!args.clientKey) return 0
  const [row] = await db
    .select({ n: count() })
    .from(contactRequests)
    .where(
      and(
        eq(contactRequests.tenantSlug, args.tenantSlug),
        eq(contactRequests.clientKey, args.clientKey),
        gt(contactRequests.createdAt, new Date(args.now.getTime() - CONTACT_LIMITS.WindowMs)),
      ),
    )
  return row?.n ?? 0
}
