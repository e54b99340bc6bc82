import 'server-only'
import { and, eq } from 'drizzle-orm'
import { getDb } from '@/lib/engine/db'
import { recipientConsents, recipients, recommendations } from '@/lib/db/schema'
import { ApiError } from '@/lib/shared/errors'
import type { TokenClaims } from '@/lib/engine/auth/token'
import { systemClock, type Clock } from '@/lib/engine/clock'
import type { Tenant } from '@/lib/engine/tenants/tenant'

/** The recipient a bearer token speaks for: confirmed, of this tenant; anything else is refused. */
export async function recipientForToken(tenant: Tenant, claims: TokenClaims) {
  if (claims.role !== 'recipient' || claims.ten !== tenant.slug) throw new ApiError('PSOF0204')
  const db = await getDb()
  const [row] = await db
    .select({ recipient: recipients, recommendation: recommendations })
    .from(recipients)
    .innerJoin(recommendations, eq(recommendations.id, recipients.recommendationId))
    .where(and(eq(recipients.tenantSlug, tenant.slug), eq(recipients.id, claims.sub)))
    .limit(1)
  if (!row || !row.recipient.confirmedAt) throw new ApiError('PSOF0204')
  return row
}

/**
 * PUT /empfaenger/zustimmung {AgbText} (AGBDatenschutzZustimmung) with the recipient's own token: stores
 * the terms and privacy text exactly as shown, with the time. Agreeing again records it again.
 */
export async function recordRecipientConsent(
  tenant: Tenant,
  claims: TokenClaims,
  agbText: string,
  clock: Clock = systemClock,
) {
  const { recipient } = await recipientForToken(tenant, claims)
  const now = clock()
  const db = await getDb()
  await db.transaction(async (tx) => {
    await tx
      .insert(recipientConsents)
      .values({ recipientId: recipient.id, kind: 'agb_datenschutz', text: agbText, createdAt: now })
    await tx.update(recipients).set({ consentedAt: now }).where(eq(recipients.id, recipient.id))
  })
  return { Zugestimmt: true, ZugestimmtAm: now.toISOString() }
}
