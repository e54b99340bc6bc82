import { fireEvent, render, screen } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import de from '@/messages/de.json'
import type { Produkt } from '@/lib/contracts/catalog'
import { DeviceDeck, type TariffChoice } from './device-deck'

function offer(Id: number, Hersteller: string, handy: string, TarifId: number, tarif: string): Produkt {
  return {
    Id,
    ExterneId: `X-${Id}`,
    Quelle: 'mobilfunk',
    Produktkategorie: 'smartphones',
    Praemien: [],
    Photo: `/p/${Id}`,
    Art: 'mobil',
    GeraeteTyp: 'smartphone',
    Hersteller,
    Klasse: 'M',
    TarifHandyAnzeigeName: `${handy} mit ${tarif}`,
    TarifHandyBeschreibung: 'Dual-Kamera<br>40 GB Datenvolumen',
    TarifAnzeigeName: tarif,
    HandyAnzeigeName: handy,
    HandyBeschreibung: '',
    HandyId: Id + 100,
    PreisHandy: 100,
    TarifId,
    PreisTarif: 2995,
    Position: 1,
    Aktion: 0,
    TopPosition: 0,
    Aktionspreis: null,
    Fussnote: null,
  }
}

const products = [
  offer(1, 'Nordphone', 'Nordphone 15', 531, 'Mobil M'),
  offer(2, 'Kivo', 'Kivo X5', 531, 'Mobil M'),
  offer(3, 'Taiga', 'Taiga Pine 3', 532, 'Mobil S'),
]

const choice = (name: string, id: number): TariffChoice => ({
  name,
  backHref: '/demo/smartphone-tarife.html',
  backLabel: 'Smartphone-Tarife',
  simOnlyHref: `/demo/empfehlen/${id}?kategorie=smartphone-tarife.html#empfehlen-form`,
})

function renderDeck(query: string) {
  window.history.replaceState(null, '', `/demo/smartphones.html${query}`)
  return render(
    <NextIntlClientProvider locale="de" messages={de} timeZone="Europe/Berlin">
      <DeviceDeck
        products={products}
        links={Object.fromEntries(
          products.map((p) => [
            p.Id,
            { link: { kind: 'recommend' as const, href: `/demo/empfehlen/${p.Id}` } },
          ]),
        )}
        tariffChoices={{
          531: choice('Mobil M', 531),
          532: choice('Mobil S', 532),
          534: choice('Mobil XL', 534),
        }}
        today="2026-11-22"
        footnotes={{}}
        banknotes={false}
      />
    </NextIntlClientProvider>,
  )
}

const names = () => screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)

describe('DeviceDeck', () => {
  it("shows only the linked tariff's offers and says so, with the way back and the tariff without a device", () => {
    renderDeck('?tarifId=532')
    expect(screen.getByLabelText('Tarif')).toHaveValue('532')
    expect(screen.getByText('Ihr Tarif: Mobil S')).toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent('1 Angebot mit Mobil S')
    expect(names()).toEqual(['Taiga Pine 3 + Mobil S'])
    expect(screen.getByRole('link', { name: 'Anderen Tarif wählen (Smartphone-Tarife)' })).toHaveAttribute(
      'href',
      '/demo/smartphone-tarife.html',
    )
    expect(screen.getByRole('link', { name: 'Mobil S ohne Gerät empfehlen' })).toHaveAttribute(
      'href',
      '/demo/empfehlen/532?kategorie=smartphone-tarife.html#empfehlen-form',
    )
    fireEvent.click(screen.getByRole('button', { name: 'Filter zurücksetzen' }))
    expect(names()).toHaveLength(3)
    expect(screen.getByRole('status')).toHaveTextContent('3 Angebote')
    expect(screen.queryByText('Ihr Tarif: Mobil S')).not.toBeInTheDocument()
  })

  it('never silently shows every offer for a tariff without devices: it names the tariff and offers it alone', () => {
    renderDeck('?tarifId=534')
    expect(screen.getByLabelText('Tarif')).toHaveValue('534')
    expect(screen.queryAllByRole('heading', { level: 3 })).toHaveLength(0)
    expect(screen.getByRole('status')).toHaveTextContent(
      'Für Mobil XL gibt es hier kein Gerät – Sie können den Tarif ohne Gerät empfehlen.',
    )
    expect(screen.getByRole('link', { name: 'Mobil XL ohne Gerät empfehlen' })).toBeInTheDocument()
  })

  it('shows every offer without a tariff in the address, and narrows by maker', () => {
    renderDeck('')
    expect(names()).toHaveLength(3)
    fireEvent.change(screen.getByLabelText('Hersteller'), { target: { value: 'Kivo' } })
    expect(names()).toEqual(['Kivo X5 + Mobil M'])
  })

  it("keeps a device's and a tariff's texts apart", () => {
    renderDeck('?tarifId=532')
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(
      expect.arrayContaining(['Dual-Kamera', '40 GB Datenvolumen']),
    )
  })
})
