import { render, screen } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import de from '@/messages/de.json'
import type { Produkt } from '@/lib/contracts/catalog'
import { productName } from '@/lib/shared/catalog/product-name'
import { ProductTile, type TileLink } from './product-tile'

const rewards = [
  {
    Id: 1,
    Wert: '70 €',
    WertCent: 7000,
    Startdatum: '2026-09-01',
    Enddatum: '2026-12-31',
    EnddatumAnzeige: '2026-12-31',
  },
  { Id: 2, Wert: '75 €', WertCent: 7500, Startdatum: '2027-01-01', Enddatum: null, EnddatumAnzeige: null },
]

const dsl: Produkt = {
  Id: 462,
  ExterneId: 'LUM-DSL-50',
  Quelle: 'festnetz',
  Produktkategorie: 'internet',
  Praemien: rewards,
  Photo: '/api/v1/demo/produkt/LUM-DSL-50/grafik',
  Art: 'festnetz',
  Kategorie: 'DP',
  Name: 'DSL 50',
  Young: false,
  Hybrid: false,
  Gruppe: 'Internet',
  Klasse: 'M',
  PreisMonatlich: 3495,
  PreisEinmalig: 6995,
  AnzeigeName: 'Lumenta Zuhause M',
  Beschreibung1: '<strong>50 MBit/s</strong> Download',
  Beschreibung2: '',
  Beschreibung3: '<script>alert(1)</script>Router',
  Beschreibung4: '',
  Provision: 'standard;7000',
  TelekomProduktId: 'X',
  Fussnote: null,
  Preisaufteilung: 'monatlich',
  Aktionsname: 'Winter-Aktion',
  Aktionsrabatt: 500,
}

const phone: Produkt = {
  Id: 1006,
  ExterneId: 'LUM-H8101-MOB-M',
  Quelle: 'mobilfunk',
  Produktkategorie: 'smartphones',
  Praemien: [],
  Photo: '/x',
  Art: 'mobil',
  GeraeteTyp: 'smartphone',
  Hersteller: 'Nordphone',
  Klasse: 'M',
  TarifHandyAnzeigeName: 'Nordphone 15 mit Mobil M',
  TarifHandyBeschreibung: '6,1" Display und 40 GB',
  TarifAnzeigeName: 'Mobil M',
  HandyAnzeigeName: 'Nordphone 15',
  HandyBeschreibung: '6,1" Display',
  HandyId: 8101,
  PreisHandy: 9995,
  TarifId: 531,
  PreisTarif: 3995,
  Position: 1,
  Aktion: 1,
  TopPosition: 0,
  Aktionspreis: 4995,
  Fussnote: null,
}

function renderTile(
  product: Produkt,
  today = '2026-11-22',
  links: { link?: TileLink; alt?: TileLink } = {
    link: { kind: 'recommend', href: '/demo/empfehlen/462#empfehlen-form' },
  },
) {
  return render(
    <NextIntlClientProvider locale="de" messages={de} timeZone="Europe/Berlin">
      <ul>
        <ProductTile product={product} {...links} today={today} />
      </ul>
    </NextIntlClientProvider>,
  )
}

const sameAmount = [
  { ...rewards[0]!, Wert: '90 €', WertCent: 9000 },
  { ...rewards[1]!, Wert: '90 €', WertCent: 9000 },
]

describe('ProductTile', () => {
  it('shows name, the reward figure, features as text, prices, the change of the reward and the button', () => {
    renderTile(dsl)
    expect(screen.getByRole('heading', { level: 3 })).toHaveTextContent('Lumenta Zuhause M')
    expect(screen.getByText('50 MBit/s Download')).toBeInTheDocument()
    expect(screen.getByText('alert(1) Router')).toBeInTheDocument()
    expect(document.querySelector('script')).toBeNull()
    expect(screen.getByText('Winter-Aktion')).toBeInTheDocument()
    expect(screen.getByText(/^34,95\s€ mtl\.$/)).toBeInTheDocument()
    expect(screen.getByText(/^70 € Prämie$/)).toBeInTheDocument()
    expect(screen.getByText('Ab 01.01.2027: 75 € Prämie (bisher 70 €).')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Lumenta Zuhause M jetzt empfehlen' })).toHaveAttribute(
      'href',
      '/demo/empfehlen/462#empfehlen-form',
    )
  })

  it('says nothing about the period when the next one brings the same amount', () => {
    renderTile({ ...dsl, Praemien: sameAmount })
    expect(screen.getByText(/^90 € Prämie$/)).toBeInTheDocument()
    expect(screen.queryByText(/^Ab /)).not.toBeInTheDocument()
    expect(screen.queryByText(/bis 31\.12\.2026/)).not.toBeInTheDocument()
  })

  it('names the end of a reward nothing follows', () => {
    renderTile({ ...dsl, Praemien: [rewards[0]!] })
    expect(screen.getByText('Prämie gilt bis 31.12.2026.')).toBeInTheDocument()
  })

  it('shows the next period as the one in force once it has begun, without a note', () => {
    renderTile(dsl, '2027-01-02')
    expect(screen.getByText(/^75 € Prämie$/)).toBeInTheDocument()
    expect(screen.queryByText(/^Ab |gilt bis/)).not.toBeInTheDocument()
  })

  it('names a device offer by device and tariff, with the promotional device price and no reward text without periods', () => {
    renderTile(phone)
    expect(productName(phone)).toBe('Nordphone 15 + Mobil M')
    expect(screen.getByRole('heading', { level: 3 })).toHaveTextContent('Nordphone 15 + Mobil M')
    expect(screen.getByText(/Gerät einmalig 49,95\s€/)).toBeInTheDocument()
    expect(screen.getByText('Aktion')).toBeInTheDocument()
    expect(screen.queryByText(/Prämie/)).not.toBeInTheDocument()
  })

  it("puts the device's and the tariff's texts on lines of their own", () => {
    renderTile({ ...phone, TarifHandyBeschreibung: 'Dual-Kamera<br>40 GB Datenvolumen mit 5G' })
    const lines = screen.getAllByRole('listitem').map((li) => li.textContent)
    expect(lines).toContain('Dual-Kamera')
    expect(lines).toContain('40 GB Datenvolumen mit 5G')
  })

  it('offers a tariff with a device and without one (SIM only)', () => {
    renderTile({ ...phone, HandyId: null }, '2026-11-22', {
      link: { kind: 'select', href: '/demo/smartphones.html?tarifId=531' },
      alt: { kind: 'simOnly', href: '/demo/empfehlen/531?kategorie=smartphone-tarife.html#empfehlen-form' },
    })
    expect(screen.getByRole('link', { name: 'Mobil M auswählen' })).toHaveAttribute(
      'href',
      '/demo/smartphones.html?tarifId=531',
    )
    expect(screen.getByRole('link', { name: 'Mobil M ohne Gerät empfehlen' })).toHaveTextContent(
      'Ohne Gerät empfehlen',
    )
  })
})
