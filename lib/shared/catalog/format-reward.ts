import type { Locale } from '@/lib/i18n/config'

// Made once: a formatter costs far more to make than to use, and a catalogue page formats dozens.
const FORMATS = new Map<string, Intl.NumberFormat>()

function format(locale: Locale, fractionDigits: 0 | 2): Intl.NumberFormat {
  const key = `${locale}:${fractionDigits}`
  let made = FORMATS.get(key)
  if (!made) {
    made = new Intl.NumberFormat(locale === 'de' ? 'de-DE' : 'en-GB', {
      style: 'currency',
      currency: 'EUR',
      minimumFractionDigits: fractionDigits,
    })
    FORMATS.set(key, made)
  }
  return made
}

/** "70 €" / "€70", "34,99 €": an amount in cents as the reward texts show it (whole euros without cents). */
export function formatRewardValue(cents: number, locale: Locale): string {
  return format(locale, cents % 100 === 0 ? 0 : 2).format(cents / 100)
}
