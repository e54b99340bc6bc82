import type { Praemie } from '@/lib/contracts/catalog'
import { rewardPeriods } from './reward-periods'

const ENTITIES: Record<string, string> = {
  '&nbsp;': ' ',
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
}

/**
 * The lines of a product text of the product API (SPEC §3 Beschreibung1–4, TarifHandyBeschreibung may
 * carry simple HTML): a line break, a list item or a paragraph starts a new line, so a device's text
 * and its tariff's text never run together ("Dual-Kamera" / "40 GB Datenvolumen"). Plain text out.
 */
export function featureLines(...html: string[]): string[] {
  return html
    .flatMap((text) => text.split(/<br\s*\/?>|<\/?(?:li|p|ul|ol|div)\b[^>]*>/i))
    .map((line) =>
      line
        .replace(/<[^>]*>/g, ' ')
        .replace(/&(?:nbsp|amp|lt|gt|quot);/g, (e) => ENTITIES[e] ?? e)
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter(Boolean)
}

/**
 * What a product card says about its reward beyond the figure: a change of the amount once, where it
 * changes ("Ab 01.01.2027: 75 € Prämie."), or the end of a reward that nothing follows. A next period
 * with the same amount says nothing new, so the card says nothing (SPEC §3 reward texts).
 */
export function rewardNote(
  rewards: Praemie[],
  today: string,
):
  | { kind: 'change'; current: Praemie; next: Praemie }
  | { kind: 'ends'; current: Praemie; enddatum: string }
  | { kind: 'starts'; next: Praemie }
  | null {
  const { current, next } = rewardPeriods(rewards, today)
  if (!current) return next ? { kind: 'starts', next } : null
  if (next) return next.WertCent !== current.WertCent ? { kind: 'change', current, next } : null
  const end = current.EnddatumAnzeige ?? current.Enddatum
  return end ? { kind: 'ends', current, enddatum: end } : null
}

/** The range of today's rewards of some products: one amount, or "bis zu" the highest when they differ. */
export function rewardRange(products: { Praemien: Praemie[] }[], today: string) {
  const current = products
    .map((p) => rewardPeriods(p.Praemien, today).current)
    .filter((r): r is Praemie => r !== null)
  if (current.length === 0) return null
  const top = current.reduce((a, b) => (b.WertCent > a.WertCent ? b : a))
  return { wert: top.Wert, upTo: current.some((r) => r.WertCent !== top.WertCent) }
}
