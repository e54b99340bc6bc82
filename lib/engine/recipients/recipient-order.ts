import 'server-only'
import { ApiError } from '@/lib/errors'
import { rewardSplit } from '@/lib/share/share-links'
import type { TokenClaims } from '@/lib/engine/auth/token'
import type { Tenant } from '@/lib/engine/tenants/get-tenant-or-throw'
import { recipientForToken } from './recipient-consent'

/**
 * GET /empfaenger/auftrag with the recipient's token: their recommendation and the order reported for
 * them. Orders are reported by the provider (operator import); until one is, `Auftrag` is null.
 */
export async function recipientOrder(tenant: Tenant, claims: TokenClaims) {
  const { recipient, recommendation } = await recipientForToken(tenant, claims)
  return {
    Empfaengernummer: recipient.empfaengernummer,
    Empfehlungsnummer: recommendation.nummer,
    Produkt: { Id: recommendation.produktId, AnzeigeName: recommendation.produktName },
    Zugestimmt: recipient.consentedAt !== null,
    Auftrag: null,
  }
}

/**
 * GET /empfaenger/{nr}/praemie/: the recipient's part of the reward under the referrer's share (capped
 * by MaxEmpfaengerPraemieCent) and the rewards granted so far, which come with a reported order.
 * Another recipient's number is not found.
 */
export async function recipientReward(tenant: Tenant, claims: TokenClaims, empfaengernummer: string) {
  const { recipient, recommendation } = await recipientForToken(tenant, claims)
  if (recipient.empfaengernummer !== empfaengernummer) throw new ApiError('NichtGefunden')
  const split = rewardSplit(
    recommendation.praemieWertCent ?? 0,
    recommendation.anteilEmpfehler,
    tenant.settings.MaxEmpfaengerPraemieCent,
  )
  return {
    Empfaengernummer: recipient.empfaengernummer,
    Empfehlungsnummer: recommendation.nummer,
    ErwartetePraemieCent: split.friendCents,
    Praemien: [],
  }
}
