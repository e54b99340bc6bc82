import type { FestnetzDetails, MobilDetails, Produkt } from '@/lib/contracts/catalog'
import {
  CATEGORY_ICONS,
  escapeXml,
  renderCategoryIcon,
  renderCategoryImage,
  renderProductImage,
  svgImageResponse,
} from '@/lib/engine/catalog/render-product-image'

const shared = {
  Id: 4711,
  ExterneId: 'lum-np15-m',
  Produktkategorie: 'smartphones.html',
  Photo: '/api/v1/demo/produkt/lum-np15-m/grafik',
  Praemien: [
    {
      Id: 47111,
      Wert: '50 €',
      WertCent: 5000,
      Startdatum: '2026-01-01',
      Enddatum: null,
      EnddatumAnzeige: null,
    },
  ],
}

function mobil(details: Partial<MobilDetails> = {}): Produkt {
  return {
    ...shared,
    Quelle: 'mobilfunk',
    Art: 'mobil',
    GeraeteTyp: 'smartphone',
    Hersteller: 'Nordphone',
    Klasse: 'M',
    TarifHandyAnzeigeName: 'Nordphone 15 mit Lumenta Mobil M',
    TarifHandyBeschreibung: '',
    TarifAnzeigeName: 'Lumenta Mobil M',
    HandyAnzeigeName: 'Nordphone 15',
    HandyBeschreibung: '',
    HandyId: 8101,
    PreisHandy: 10000,
    TarifId: 9001,
    PreisTarif: 3995,
    Position: 1,
    Aktion: 0,
    TopPosition: 0,
    Aktionspreis: null,
    Fussnote: null,
    ...details,
  }
}

function festnetz(Quelle: string, details: Partial<FestnetzDetails> = {}): Produkt {
  return {
    ...shared,
    Quelle,
    Art: 'festnetz',
    Kategorie: 'DP',
    Name: 'Internet M',
    Young: false,
    Hybrid: false,
    Gruppe: 'Internet',
    Klasse: 'M',
    PreisMonatlich: 3995,
    PreisEinmalig: 6995,
    AnzeigeName: 'Lumenta Internet M',
    Beschreibung1: '',
    Beschreibung2: '',
    Beschreibung3: '',
    Beschreibung4: '',
    Provision: 'standard;7000',
    TelekomProduktId: 'LUM-00001',
    Fussnote: null,
    Preisaufteilung: '',
    Aktionsname: '',
    Aktionsrabatt: 0,
    ...details,
  }
}

const PRODUCTS = {
  smartphone: mobil(),
  tablet: mobil({ GeraeteTyp: 'tablet', Hersteller: 'Sonaris' }),
  surfstick: mobil({ GeraeteTyp: 'surfstick', Hersteller: 'Kivo' }),
  hotspot: mobil({ GeraeteTyp: 'surfstick', Hersteller: 'Taiga', HandyAnzeigeName: 'Hotspot Go' }),
  sim: mobil({ GeraeteTyp: 'sim', Hersteller: '', HandyId: null, HandyAnzeigeName: '' }),
  simData: {
    ...mobil({ GeraeteTyp: 'sim', Hersteller: '', HandyId: null, HandyAnzeigeName: '' }),
    Produktkategorie: 'daten',
  },
  simPrepaid: {
    ...mobil({ GeraeteTyp: 'sim', Hersteller: '', HandyId: null, HandyAnzeigeName: '' }),
    Produktkategorie: 'prepaid',
  },
  simWatch: {
    ...mobil({
      GeraeteTyp: 'sim',
      Hersteller: '',
      HandyId: null,
      TarifAnzeigeName: 'Zusatzkarte Smartwatch',
    }),
    Produktkategorie: 'zusatzkarten',
  },
  simDuo: {
    ...mobil({ GeraeteTyp: 'sim', Hersteller: '', HandyId: null, HandyAnzeigeName: '' }),
    Produktkategorie: 'combi-cards',
  },
  festnetz: festnetz('festnetz'),
  hybrid: festnetz('festnetz', { Hybrid: true }),
  fibre: { ...festnetz('festnetz'), Produktkategorie: 'glasfaser' },
  tv: festnetz('tv', { Gruppe: 'TV' }),
  satellite: { ...festnetz('tv', { Gruppe: 'TV' }), Produktkategorie: 'satellit' },
  sport: festnetz('sport', { Gruppe: 'Sport' }),
  business: festnetz('business', { Gruppe: 'Business' }),
  website: { ...festnetz('business', { Gruppe: 'Business' }), Produktkategorie: 'webseite' },
  shop: { ...festnetz('business', { Gruppe: 'Business' }), Produktkategorie: 'webshop' },
  hosting: { ...festnetz('business', { Gruppe: 'Business' }), Produktkategorie: 'webhosting' },
  service: festnetz('service', { Gruppe: 'Service' }),
} satisfies Record<string, Produkt>

function expectWellFormed(svg: string) {
  expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true)
  expect(svg.endsWith('</svg>')).toBe(true)
  expect(svg).toMatch(/<title>[^<]+<\/title>/)
  expect(svg).toContain('role="img"')
  expect(Buffer.byteLength(svg, 'utf8')).toBeLessThan(6 * 1024)
  // Every element opened is closed (or self-closing).
  const opened = svg.match(/<[a-zA-Z][^>]*[^/]>/g)?.length ?? 0
  const closed = svg.match(/<\/[a-zA-Z]+>/g)?.length ?? 0
  expect(opened).toBe(closed)
  expect(svg).not.toMatch(/<script|\son[a-z]+=|NaN|undefined|€/i)
}

const size = (svg: string) =>
  svg
    .match(/^<svg[^>]* width="(\d+)" height="(\d+)"/)
    ?.slice(1)
    .map(Number)

describe('category images', () => {
  it.each(['router', 'fiber', 'tv', 'sport', 'sim', 'phone', 'tablet', 'stick', 'business'])(
    'draws the %s icon (96 × 96) and picture (640 × 360)',
    (icon) => {
      expect(CATEGORY_ICONS).toContain(icon)
      const small = renderCategoryIcon(icon, 'aurora', 'Internet')
      expectWellFormed(small)
      expect(size(small)).toEqual([96, 96])
      expect(small).toContain('<title>Internet</title>')
      const large = renderCategoryImage({ Name: 'Internet', Icon: icon }, 'fjord')
      expectWellFormed(large)
      expect(size(large)).toEqual([640, 360])
      expect(large).not.toContain('<text')
    },
  )

  it('gives every icon a pictogram of its own and an unknown one a neutral one', () => {
    const drawings = CATEGORY_ICONS.map((icon) => renderCategoryIcon(icon, 'aurora', 'x'))
    expect(new Set(drawings).size).toBe(CATEGORY_ICONS.length)
    const unknown = renderCategoryIcon('constructor', 'aurora', 'x')
    expectWellFormed(unknown)
    expect(drawings).not.toContain(unknown)
  })

  it('names the icon after its icon name unless a title is given', () => {
    expect(renderCategoryIcon('tv', 'aurora')).toContain('<title>tv</title>')
  })
})

describe('product images', () => {
  it.each(Object.entries(PRODUCTS))('draws the %s product large and small', (_, product) => {
    const large = renderProductImage(product, 'aurora', 'large')
    const small = renderProductImage(product, 'aurora', 'small')
    expectWellFormed(large)
    expectWellFormed(small)
    expect(size(large)).toEqual([640, 480])
    expect(size(small)).toEqual([240, 180])
    expect(large).toContain('viewBox="0 0 640 480"')
  })

  it('draws a different motif for every kind of product', () => {
    const drawings = Object.values(PRODUCTS).map((p) =>
      renderProductImage(p, 'aurora', 'large').replace(/<title>.*<\/title>/, ''),
    )
    expect(new Set(drawings).size).toBe(drawings.length)
  })

  it('treats a fixed-line product of a Business group as business', () => {
    const strip = (svg: string) => svg.replace(/<title>.*<\/title>/, '')
    const inGroup = renderProductImage(festnetz('festnetz', { Gruppe: 'Business Pro' }), 'aurora', 'large')
    const business = renderProductImage(PRODUCTS.business, 'aurora', 'large')
    expect(strip(inGroup)).toBe(strip(business))
  })

  it("writes the maker's name on a device, nothing on a SIM card or a fixed-line product", () => {
    expect(renderProductImage(PRODUCTS.smartphone, 'aurora', 'large')).toContain('>Nordphone</text>')
    expect(renderProductImage(PRODUCTS.tablet, 'aurora', 'small')).toContain('>Sonaris</text>')
    expect(renderProductImage(PRODUCTS.surfstick, 'aurora', 'large')).toContain('>Kivo</text>')
    // Their only text is the product class in its pill.
    expect(renderProductImage(PRODUCTS.sim, 'aurora', 'large').match(/<text/g)).toHaveLength(1)
    expect(renderProductImage(PRODUCTS.festnetz, 'aurora', 'large').match(/<text/g)).toHaveLength(1)
    expect(renderProductImage(PRODUCTS.festnetz, 'aurora', 'large')).toContain('>M</text>')
  })

  it("draws a phone in its maker's colour and camera, so makers differ at a glance", () => {
    const strip = (svg: string) => svg.replace(/<title>.*<\/title>|<text[^>]*>[^<]*<\/text>/g, '')
    const phones = ['Nordphone', 'Sonaris', 'Kivo', 'Taiga', 'Unbekannt'].map((Hersteller) =>
      strip(renderProductImage(mobil({ Hersteller }), 'aurora', 'large')),
    )
    expect(new Set(phones).size).toBe(phones.length)
    expect(phones[0]).toContain('#1f2f46')
    expect(phones[2]).toContain('#b4321f')
    // An unknown maker's look is derived from its name: the same name, the same look.
    expect(renderProductImage(mobil({ Hersteller: 'Zeta' }), 'fjord', 'small')).toBe(
      renderProductImage(mobil({ Hersteller: 'Zeta' }), 'fjord', 'small'),
    )
  })

  it('tells the offers of one page apart: the class sets the pill and the router its signal', () => {
    const classes = (['S', 'M', 'L', 'XL'] as const).map((Klasse) =>
      renderProductImage(festnetz('festnetz', { Klasse }), 'aurora', 'large'),
    )
    expect(new Set(classes).size).toBe(4)
    expect(classes[0]!.match(/a34 34 0 0 1/g)).toHaveLength(1)
    expect(classes[3]!).toContain('a130 130 0 0 1')
    expect(classes[3]!).toContain('>XL</text>')
  })

  it('shortens a long maker name and keeps the image free of prices', () => {
    const svg = renderProductImage(mobil({ Hersteller: 'A'.repeat(200) }), 'aurora', 'large')
    expectWellFormed(svg)
    expect(svg).toContain(`>${'A'.repeat(19)}…</text>`)
    expect(svg).not.toMatch(/39,95|3995|50 €/)
  })

  it('shows the reward badge only for a product with rewards', () => {
    const withReward = renderProductImage(PRODUCTS.festnetz, 'aurora', 'large')
    const without = renderProductImage({ ...PRODUCTS.festnetz, Praemien: [] }, 'aurora', 'large')
    expect(withReward.length).toBeGreaterThan(without.length)
    expectWellFormed(without)
  })

  it('titles the image with the offer name', () => {
    expect(renderProductImage(PRODUCTS.smartphone, 'aurora', 'large')).toContain(
      '<title>Nordphone 15 mit Lumenta Mobil M</title>',
    )
    expect(renderProductImage(PRODUCTS.festnetz, 'aurora', 'small')).toContain(
      '<title>Lumenta Internet M</title>',
    )
  })
})

describe('escaping, determinism and brands', () => {
  const hostile = '<script>alert("x")</script> & Söhne \u0001'

  it('escapes names in titles and texts', () => {
    const outputs = [
      renderCategoryIcon('tv', 'aurora', hostile),
      renderCategoryImage({ Name: hostile, Icon: '"><script>' }, 'aurora'),
      renderProductImage(mobil({ Hersteller: '<b>&Co', TarifHandyAnzeigeName: hostile }), 'aurora', 'large'),
      renderProductImage(festnetz('festnetz', { AnzeigeName: hostile }), 'fjord', 'small'),
    ]
    for (const svg of outputs) {
      expectWellFormed(svg)
      expect(svg).not.toContain('<script')
      expect(svg).not.toContain('\u0001')
      expect(svg).not.toMatch(/&(?!(amp|lt|gt|quot|apos);)/)
    }
    expect(outputs[0]).toContain(
      '<title>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Söhne </title>',
    )
    expect(outputs[2]).toContain('>&lt;b&gt;&amp;Co</text>')
  })

  it('escapeXml handles every special character', () => {
    expect(escapeXml(`a<b>c&d"e'f`)).toBe('a&lt;b&gt;c&amp;d&quot;e&apos;f')
  })

  it('answers the same bytes for the same input', () => {
    for (const product of Object.values(PRODUCTS)) {
      expect(renderProductImage(product, 'fjord', 'large')).toBe(
        renderProductImage(product, 'fjord', 'large'),
      )
    }
    expect(renderCategoryImage({ Name: 'TV', Icon: 'tv' }, 'aurora')).toBe(
      renderCategoryImage({ Name: 'TV', Icon: 'tv' }, 'aurora'),
    )
    expect(renderCategoryIcon('sim', 'fjord', 'SIM')).toBe(renderCategoryIcon('sim', 'fjord', 'SIM'))
  })

  it('draws each brand in its own colours', () => {
    const aurora = renderProductImage(PRODUCTS.tv, 'aurora', 'large')
    const fjord = renderProductImage(PRODUCTS.tv, 'fjord', 'large')
    expect(aurora).not.toBe(fjord)
    expect(aurora).toContain('#7a1f5c')
    expect(fjord).toContain('#0b4f6c')
    expect(fjord).not.toContain('#7a1f5c')
    expect(renderCategoryIcon('tv', 'aurora')).not.toBe(renderCategoryIcon('tv', 'fjord'))
    expect(renderCategoryImage({ Name: 'TV', Icon: 'tv' }, 'aurora')).not.toBe(
      renderCategoryImage({ Name: 'TV', Icon: 'tv' }, 'fjord'),
    )
  })
})

describe('svgImageResponse', () => {
  it('serves the SVG cacheable, unsniffed and without scripts', async () => {
    const svg = renderCategoryIcon('tv', 'aurora')
    const response = svgImageResponse(svg)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8')
    expect(response.headers.get('cache-control')).toBe('public, max-age=86400')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('content-security-policy')).toBe(
      "default-src 'none'; style-src 'unsafe-inline'",
    )
    expect(await response.text()).toBe(svg)
  })
})
