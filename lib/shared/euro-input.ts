/**
 * An amount in euros as a person types it in a German or English form ("90", "90,5", "1.250,00",
 * "1250.00", "90 €") in cents; null for anything else (letters, negative, more than two decimals).
 */
export function parseEuroCents(input: string): number | null {
  const text = input.replace(/\s|€|EUR/gi, '')
  const german = /^\d{1,3}(\.\d{3})*(,\d{1,2})?$|^\d+(,\d{1,2})?$/
  // A comma without a decimal point is German ("90,555" is refused, not ninety thousand euros).
  const english = /^\d{1,3}(,\d{3})+\.\d{1,2}$|^\d+(\.\d{1,2})?$/
  let normal: string
  if (german.test(text)) normal = text.replace(/\./g, '').replace(',', '.')
  else if (english.test(text)) normal = text.replace(/,/g, '')
  else return null
  const [whole = '0', part = ''] = normal.split('.')
  const cents = Number(whole) * 100 + Number(part.padEnd(2, '0'))
  return Number.isSafeInteger(cents) ? cents : null
}
