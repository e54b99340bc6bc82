import 'server-only'
import { randomBytes } from 'node:crypto'
import { and, eq, isNull } from 'drizzle-orm'
import { getDb } from '@/lib/engine/db'
import { providerApiKeys } from '@/lib/db/schema'
import { ApiError } from '@/lib/shared/errors'
import { hashSecret } from '@/lib/engine/auth/one-time-token'
import { systemClock, type Clock } from '@/lib/engine/clock'
import type { Tenant } from '@/lib/engine/tenants/tenant'

const PREFIX = 'pk_'

/** Whether a bearer is an active provider key of the tenant; its last use is recorded. */
export async function isProviderKey(tenantSlug: string, key: string): Promise<boolean> {
  if (!key.startsWith(PREFIX) || key.length > 100) return false
  const db = await getDb()
  const [row] = await db
    .update(providerApiKeys)
    .set({ lastUsedAt: new Date() })
    .where(
      and(
        eq(providerApiKeys.tenantSlug, tenantSlug),
        eq(providerApiKeys.keyHash, hashSecret(key)),
        isNull(providerApiKeys.revokedAt),
      ),
    )
    .returning({ id: providerApiKeys.id })
  return Boolean(row)
}

/** Operator: a new provider key for order reports. The key is answered this once; only its hash is kept. */
export async function createProviderKey(tenant: Tenant, label: string, clock: Clock = systemClock) {
  const key = `${PREFIX}${randomBytes(32).toString('base64url')}`
  const db = await getDb()
  const [row] = await db
    .insert(providerApiKeys)
    .values({ tenantSlug: tenant.slug, keyHash: hashSecret(key), label, createdAt: clock() })
    .returning()
  return { Id: row!.id, Bezeichnung: label, Schluessel: key, ErstelltAm: row!.createdAt.toISOString() }
}

/** Operator: revokes a key; it answers PSOF0204 from then on. */
export async function revokeProviderKey(tenant: Tenant, id: string, clock: Clock = systemClock) {
  const db = await getDb()
  const [row] = await db
    .update(providerApiKeys)
    .set({ revokedAt: clock() })
    .where(
      and(
        eq(providerApiKeys.tenantSlug, tenant.slug),
        eq(providerApiKeys.id, id),
        isNull(providerApiKeys.revokedAt),
      ),
    )
    .returning({ id: providerApiKeys.id })
  if (!row) throw new ApiError('NichtGefunden')
  return { Id: row.id, Widerrufen: true }
}
