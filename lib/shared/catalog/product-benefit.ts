import type { ProduktDetails } from '@/lib/contracts/catalog'

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
}

/** Plain text of a catalogue description line (HTML with <strong>, <br> and entities). */
function plain(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (whole, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X'))
        return String.fromCodePoint(parseInt(name.slice(2), 16))
      if (name.startsWith('#')) return String.fromCodePoint(parseInt(name.slice(1), 10))
      return ENTITIES[name.toLowerCase()] ?? whole
    })
    .replace(/\s+/g, ' ')
    .trim()
}

/**
 * A product's first concrete benefit as one plain line ("100 MBit/s Download", "40 GB Datenvolumen mit
 * 5G, EU-Roaming inklusive"): the first description line of a fixed-line product, the first line of a
 * mobile offer's description. Null when the catalogue gives none.
 */
export function productBenefit(product: ProduktDetails): string | null {
  const html = product.Art === 'festnetz' ? product.Beschreibung1 : product.TarifHandyBeschreibung
  const first = html
    .split(/<br\s*\/?>/i)
    .map(plain)
    .find((line) => line.length > 0)
  return first ?? null
}
