import 'server-only'
import { desc, eq } from 'drizzle-orm'
import { getDb } from '@/lib/engine/db'
import { orders } from '@/lib/db/schema'
import { ApiError } from '@/lib/shared/errors'
import { listPraemierungen } from '@/lib/engine/rewards/list-praemierungen'
import { recommendationRewardSplit } from '@/lib/engine/recommendations/reward-split'
import type { TokenClaims } from '@/lib/engine/auth/token'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import { recipientForToken } from './recipient-consent'

/**
 * GET /empfaenger/auftrag with the recipient's token: their recommendation and the order reported for
 * them. The newest order the provider reported for them; null until one is.
 */
export async function recipientOrder(tenant: Tenant, claims: TokenClaims) {
  const { recipient, recommendation } = await recipientForToken(tenant, claims)
  const db = await getDb()
  const [order] = await db
    .select()
    .from(orders)
    .where(eq(orders.recipientId, recipient.id))
    .orderBy(desc(orders.reportedAt))
    .limit(1)
  return {
    Empfaengernummer: recipient.empfaengernummer,
    Empfehlungsnummer: recommendation.nummer,
    Produkt: { Id: recommendation.produktId, AnzeigeName: recommendation.produktName },
    Zugestimmt: recipient.consentedAt !== null,
    Auftrag: order
      ? { Auftragsdatum: order.auftragsdatum, Status: order.status, Produkt: order.produktName }
      : null,
  }
}

/**
 * GET /empfaenger/{nr}/praemie/: the recipient's part of the reward under the referrer's share (capped
 * by MaxEmpfaengerPraemieCent) and the rewards granted so far (they come with a reported order).
 * Another recipient's number is not found.
 */
export async function recipientReward(tenant: Tenant, claims: TokenClaims, empfaengernummer: string) {
  const { recipient, recommendation } = await recipientForToken(tenant, claims)
  if (recipient.empfaengernummer !== empfaengernummer) throw new ApiError('NichtGefunden')
  const split = recommendationRewardSplit(tenant, recommendation)
  return {
    Empfaengernummer: recipient.empfaengernummer,
    Empfehlungsnummer: recommendation.nummer,
    ErwartetePraemieCent: split.friendCents,
    Praemien: (await listPraemierungen(tenant, { claims })).Praemien,
  }
}
