import 'server-only'
import { and, eq } from 'drizzle-orm'
import type { Db } from '@/lib/engine/db'
import { referrers } from '@/lib/db/schema'
import { normalizeEmail, type ReferrerRow } from './to-user'

export async function findReferrerByEmail(
  db: Db,
  tenantSlug: string,
  email: string,
): Promise<ReferrerRow | null> {
  const [row] = await db
    .select()
    .from(referrers)
    .where(and(eq(referrers.tenantSlug, tenantSlug), eq(referrers.email, normalizeEmail(email))))
    .limit(1)
  return row ?? null
}

export async function findReferrerById(db: Db, tenantSlug: string, id: string): Promise<ReferrerRow | null> {
  const [row] = await db
    .select()
    .from(referrers)
    .where(and(eq(referrers.tenantSlug, tenantSlug), eq(referrers.id, id)))
    .limit(1)
  return row ?? null
}
