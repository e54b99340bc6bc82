import 'server-only'
import type { InferSelectModel } from 'drizzle-orm'
import type { recommendations } from '@/lib/db/schema'
import type { Recommendation, RecommendationState } from '@/lib/contracts/recommendation'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import { recommendationLink } from './recommendation-link'

export type RecommendationRow = InferSelectModel<typeof recommendations>

/** SPEC §4: shareable once participation is confirmed, expired after its validity. */
export function recommendationState(row: RecommendationRow, now: Date): RecommendationState {
  if (!row.activatedAt) return 'OptInRequired'
  if (row.expiresAt && row.expiresAt <= now) return 'Abgelaufen'
  return 'Ok'
}

export function toRecommendation(tenant: Tenant, row: RecommendationRow, now: Date): Recommendation {
  const empfaenger = row.empfaenger as { Vorname?: string; Nachname?: string } | null
  return {
    Empfehlungsnummer: row.nummer,
    Empfaengernummer: '',
    Hex: row.hex,
    Link: recommendationLink(tenant, row.nummer),
    Code: row.code,
    Status: recommendationState(row, now),
    Produkt: { Id: row.produktId, AnzeigeName: row.produktName },
    AnteilEmpfehler: row.anteilEmpfehler,
    Praemie:
      row.praemieWertCent !== null && row.praemieStartdatum
        ? { WertCent: row.praemieWertCent, Startdatum: row.praemieStartdatum, Enddatum: row.praemieEnddatum }
        : null,
    Channel: row.channel,
    ErstelltAm: row.createdAt.toISOString(),
    GueltigBis: row.expiresAt?.toISOString() ?? null,
    Empfaenger: empfaenger ? { Vorname: empfaenger.Vorname, Nachname: empfaenger.Nachname } : null,
  }
}
