import 'server-only'
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
