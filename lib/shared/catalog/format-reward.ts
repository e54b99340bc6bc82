import type { Locale } from '@/lib/i18n/config'

/** "70 €" / "€70", "34,99 €": an amount in cents as the reward texts show it (whole euros without cents). */
export function formatRewardValue(cents: number, locale: Locale): string {
  return new Intl.NumberFormat(locale === 'de' ? 'de-DE' : 'en-GB', {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: cents % 100 === 0 ? 0 : 2,
  }).format(cents / 100)
}
