import type { createFormatter } from 'next-intl'

/** An amount in cents as the portal's tables show it (82,50 € / €82.50), with next-intl's formatter. */
export function formatEuro(
  format: Pick<ReturnType<typeof createFormatter>, 'number'>,
  cents: number,
): string {
  return format.number(cents / 100, { style: 'currency', currency: 'EUR' })
}
