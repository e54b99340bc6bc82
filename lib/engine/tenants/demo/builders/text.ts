import type { Brand, Name, Text } from '../types'

/** Bilingual texts, brand names and number formats the product builders share. */

export const bilingual = (name: Name): Text => (typeof name === 'string' ? [name, name] : name)

export const deNumber = new Intl.NumberFormat('de-DE')
export const enNumber = new Intl.NumberFormat('en-GB')

/** Download and upload lines, e.g. `<strong>100 MBit/s</strong> Download`. */
export function speed(down: number, up: number): [Text, Text] {
  return [
    [
      `<strong>${deNumber.format(down)} MBit/s</strong> Download`,
      `<strong>${enNumber.format(down)} Mbit/s</strong> download`,
    ],
    [
      `<strong>${deNumber.format(up)} MBit/s</strong> Upload`,
      `<strong>${enNumber.format(up)} Mbit/s</strong> upload`,
    ],
  ]
}

export const branded = (brand: Brand, name: Name): Text => {
  const [de, en] = bilingual(name)
  return [`${brand.name} ${de}`, `${brand.name} ${en}`]
}

export const productCode = (brand: Brand, id: number) => `${brand.code}-${String(id).padStart(5, '0')}`
