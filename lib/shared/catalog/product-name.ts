import type { ProduktDetails } from '@/lib/contracts/catalog'

/** A product's display name: the tariff's name, or device and tariff for a device offer. */
export function productName(product: ProduktDetails): string {
  if (product.Art === 'festnetz') return product.AnzeigeName
  return product.HandyId !== null
    ? `${product.HandyAnzeigeName} + ${product.TarifAnzeigeName}`
    : product.TarifAnzeigeName
}
