import type { FestnetzDetails, MobilDetails } from '@/lib/contracts/catalog'
import { productBenefit } from './product-benefit'

const festnetz = (Beschreibung1: string) => ({ Art: 'festnetz', Beschreibung1 }) as FestnetzDetails
const mobil = (TarifHandyBeschreibung: string) => ({ Art: 'mobil', TarifHandyBeschreibung }) as MobilDetails

describe('productBenefit', () => {
  it("takes a fixed-line product's first description line as plain text", () => {
    expect(productBenefit(festnetz('<strong>100 MBit/s</strong> Download'))).toBe('100 MBit/s Download')
  })

  it('takes the first line of a mobile offer and decodes entities', () => {
    expect(
      productBenefit(mobil('Dual-Kamera &amp; 6,1&quot; Display<br>40 GB Datenvolumen mit 5G, EU-Roaming')),
    ).toBe('Dual-Kamera & 6,1" Display')
    expect(productBenefit(mobil('<br/> <strong>Unbegrenztes</strong>&nbsp;Datenvolumen'))).toBe(
      'Unbegrenztes Datenvolumen',
    )
  })

  it('answers null when the catalogue says nothing', () => {
    expect(productBenefit(festnetz(''))).toBeNull()
    expect(productBenefit(mobil('<br>'))).toBeNull()
  })
})
