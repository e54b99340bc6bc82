import type { PraemienKonto, StatusBarText } from '@/lib/contracts/praemierung'
import type { Recommendation } from '@/lib/contracts/recommendation'

/** Status bar texts of a recommendation that can still end in a reward for the referrer. */
const UNDER_WAY: ReadonlySet<StatusBarText> = new Set([
  'nichtReagiert',
  'linkGeoeffnet',
  'datenEingegeben',
  'datenBestaetigt',
  'zurBestellung',
  'inBearbeitung',
  'vertragAbgeschlossen',
  'freigabeAusstehend',
])

/**
 * The reward account's "expected" figure: the open rewards (an order came, the complaint period runs)
 * plus the referrer's part of every recommendation still under way that has no reward yet, so a 50 €
 * recommendation on its way never shows as 0 €. Counts the recommendations it comes from.
 */
export function expectedRewards(konto: PraemienKonto, recommendations: Recommendation[]) {
  let cents = konto.OffenCent
  let count = 0
  for (const r of recommendations) {
    if (!r.Statusleiste || !UNDER_WAY.has(r.Statusleiste.Text)) continue
    if (r.Praemierung) {
      if (r.Praemierung.Status === 'Offen') count++
      continue
    }
    const share = r.PraemieEmpfehlerCent ?? 0
    if (share <= 0) continue
    cents += share
    count++
  }
  return { cents, count }
}
