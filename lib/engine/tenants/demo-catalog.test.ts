import { produktDetailsSchema, type MobilDetails } from '@/lib/contracts/catalog'
import { demoCatalog } from '@/lib/engine/tenants/demo-catalog'
import { demoRewardPeriods } from '@/lib/engine/tenants/demo/builders/reward-periods'
import type { DemoProduct } from '@/lib/engine/tenants/demo/types'

const TODAY = new Date('2026-11-22T12:00:00Z')
const TODAY_ISO = '2026-11-22'

/** The quelle/kategorie pairs the §2.3 category pages query. */
const DEMO_PAIRS = [
  'festnetz/internet',
  'festnetz/hybrid',
  'festnetz/glasfaser',
  'festnetz/young',
  'festnetz/young-speed',
  'festnetz/young-hybrid',
  'service/digital-home-service',
  'tv/tv',
  'tv/satellit',
  'tv/hybrid-satellit',
  'tv/hybrid',
  'tv/glasfaser',
  'sport/sport',
  'festnetz/internet-telefon',
  'business/homepage-und-shop',
  'business/webseite',
  'business/webshop',
  'business/webhosting',
  'business/company-start',
  'business/company-pro',
  'mobilfunk/tarife',
  'mobilfunk/prepaid',
  'mobilfunk/young',
  'mobilfunk/daten',
  'mobilfunk/zusatzkarten',
  'mobilfunk/combi-cards',
  'mobilfunk/smartphones',
  'mobilfunk/tablets',
  'mobilfunk/surfsticks',
]
const CLOSED_PAIRS = ['festnetz/glasfaser', 'festnetz/internet', 'mobilfunk/tarife', 'mobilfunk/smartphones']
const FILTERED_IDS = [639, 640, 637, 638]
const DEFAULT_IDS = [462, 1998, 531, 1006, 1254, 1345, 469, 2001, 1200, 544, 1207, 1258]
const SIM_KATEGORIEN = ['tarife', 'prepaid', 'young', 'daten', 'zusatzkarten', 'combi-cards']

const CATALOGUES: Record<string, DemoProduct[]> = {
  demo: demoCatalog('demo', TODAY),
  'demo-closed': demoCatalog('demo-closed', TODAY),
}

const pairOf = (p: DemoProduct) => `${p.quelle}/${p.kategorie}`
const visible = (products: DemoProduct[]) => products.filter((p) => !FILTERED_IDS.includes(p.id))
const mobil = (p: DemoProduct): MobilDetails | null => (p.details.Art === 'mobil' ? p.details : null)
const nextDay = (iso: string) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
const duplicates = <T>(values: T[]) => values.filter((v, i) => values.indexOf(v) !== i)

describe('demoRewardPeriods', () => {
  it('runs the current period from two months back to the end of next month, then an open one', () => {
    expect(demoRewardPeriods(TODAY, [11, 12], 7000, 7500)).toEqual([
      {
        id: 11,
        wertCent: 7000,
        startdatum: '2026-09-01',
        enddatum: '2026-12-31',
        enddatumAnzeige: '2026-12-31',
      },
      { id: 12, wertCent: 7500, startdatum: '2027-01-01', enddatum: null, enddatumAnzeige: null },
    ])
  })

  it('crosses year and leap-day boundaries', () => {
    const [current, next] = demoRewardPeriods(new Date('2028-01-31T23:30:00Z'), [1, 2], 5000, 5500)
    expect([current?.startdatum, current?.enddatum, next?.startdatum]).toEqual([
      '2027-11-01',
      '2028-02-29',
      '2028-03-01',
    ])
  })
})

describe.each(Object.keys(CATALOGUES))('demo catalogue of %s', (slug) => {
  const products = CATALOGUES[slug] ?? []

  it('has products whose details, also with the English texts over them, match the product schema', () => {
    expect(products.length).toBeGreaterThan(0)
    for (const p of products) {
      expect(produktDetailsSchema.safeParse(p.details).success).toBe(true)
      expect(produktDetailsSchema.safeParse({ ...p.details, ...p.detailsEn }).success).toBe(true)
      expect(Object.keys(p.detailsEn ?? {}).filter((k) => !(k in p.details))).toEqual([])
      expect(p.details.Art).toBe(p.quelle === 'mobilfunk' ? 'mobil' : 'festnetz')
    }
  })

  it('has unique ids, external ids and reward ids', () => {
    expect(duplicates(products.map((p) => p.id))).toEqual([])
    expect(duplicates(products.map((p) => p.externeId))).toEqual([])
    expect(duplicates(products.flatMap((p) => p.rewards.map((r) => r.id)))).toEqual([])
  })

  it('numbers sortierung from 1 within each pair', () => {
    for (const pair of new Set(products.map(pairOf))) {
      const order = products.filter((p) => pairOf(p) === pair).map((p) => p.sortierung)
      expect(order).toEqual(order.map((_, i) => i + 1))
    }
  })

  it('gives every product exactly one current and one next reward period within the advertised amounts', () => {
    for (const p of products) {
      const current = p.rewards.filter(
        (r) => r.startdatum <= TODAY_ISO && r.enddatum !== null && TODAY_ISO <= r.enddatum,
      )
      const next = p.rewards.filter((r) => r.startdatum > TODAY_ISO)
      expect(current).toHaveLength(1)
      expect(next).toHaveLength(1)
      expect(p.rewards).toHaveLength(2)
      expect(current[0]?.enddatumAnzeige).toBe(current[0]?.enddatum)
      expect(next[0]?.startdatum).toBe(nextDay(current[0]?.enddatum ?? ''))
      expect(next[0]?.enddatum).toBeNull()
      expect(next[0]?.enddatumAnzeige).toBeNull()
      for (const r of p.rewards) {
        expect(r.wertCent).toBeGreaterThanOrEqual(5000)
        expect(r.wertCent).toBeLessThanOrEqual(11000)
      }
    }
  })

  it('lets SIM tariffs stand alone and device offers refer to a SIM tariff of the same tenant', () => {
    const tariffs = new Map(products.filter((p) => mobil(p)?.GeraeteTyp === 'sim').map((p) => [p.id, p]))
    for (const p of products) {
      const d = mobil(p)
      if (!d) continue
      expect(d.Aktionspreis === null).toBe(d.Aktion === 0)
      if (d.GeraeteTyp === 'sim') {
        expect(SIM_KATEGORIEN).toContain(p.kategorie)
        expect([d.HandyId, d.PreisHandy, d.TarifId]).toEqual([null, 0, p.id])
        continue
      }
      const tariff = tariffs.get(d.TarifId)
      expect(tariff?.kategorie).toBe(d.GeraeteTyp === 'smartphone' ? 'tarife' : 'daten')
      expect(d.PreisTarif).toBe(tariff && mobil(tariff)?.PreisTarif)
      expect(d.HandyId).not.toBeNull()
      expect(d.Hersteller).not.toBe('')
      expect(p.kategorie).toBe(`${d.GeraeteTyp}s`)
    }
  })
})

describe('demo catalogue of demo (Lumenta)', () => {
  const products = CATALOGUES.demo ?? []

  it.each(DEMO_PAIRS)('has at least 3 products the API shows for %s', (pair) => {
    expect(visible(products).filter((p) => pairOf(p) === pair).length).toBeGreaterThanOrEqual(3)
  })

  it('has no pairs beyond the category pages', () => {
    expect([...new Set(products.map(pairOf))].sort()).toEqual([...DEMO_PAIRS].sort())
  })

  it('holds the ids the product API must filter out, in internet and mobile tariffs', () => {
    const filtered = products.filter((p) => FILTERED_IDS.includes(p.id))
    expect(filtered.map((p) => p.id).sort()).toEqual([...FILTERED_IDS].sort())
    for (const p of filtered) expect(['festnetz/internet', 'mobilfunk/tarife']).toContain(pairOf(p))
  })

  it('holds the default pre-selected ids of SPEC §9', () => {
    const ids = new Set(products.map((p) => p.id))
    expect(DEFAULT_IDS.filter((id) => !ids.has(id))).toEqual([])
  })

  it('marks the young and hybrid pairs', () => {
    for (const p of products) {
      if (p.details.Art !== 'festnetz') continue
      expect(p.details.Young).toBe(p.kategorie.startsWith('young'))
      expect(p.details.Hybrid).toBe(p.kategorie.includes('hybrid'))
    }
  })

  it('has enough device offers for the TarifId, GeraeteTyp and Hersteller filters', () => {
    const offers = (kategorie: string) =>
      products.flatMap((p) => (p.kategorie === kategorie && mobil(p) ? [mobil(p) as MobilDetails] : []))
    const smartphones = offers('smartphones')
    expect(smartphones.length).toBeGreaterThanOrEqual(8)
    expect(new Set(smartphones.map((d) => d.TarifId)).size).toBeGreaterThanOrEqual(3)
    expect(new Set(smartphones.map((d) => d.Hersteller)).size).toBeGreaterThanOrEqual(4)
    expect(new Set(offers('tablets').map((d) => d.Hersteller)).size).toBeGreaterThanOrEqual(3)
    expect(new Set(offers('surfsticks').map((d) => d.GeraeteTyp))).toEqual(new Set(['surfstick']))
  })
})

describe('demo catalogue of demo-closed (Fjordnet)', () => {
  const products = CATALOGUES['demo-closed'] ?? []

  it('has only glass fibre, internet, mobile tariffs and smartphones, at least 3 each', () => {
    expect([...new Set(products.map(pairOf))].sort()).toEqual([...CLOSED_PAIRS].sort())
    for (const pair of CLOSED_PAIRS) {
      expect(products.filter((p) => pairOf(p) === pair).length).toBeGreaterThanOrEqual(3)
    }
  })

  it('is empty for an unknown tenant', () => {
    expect(demoCatalog('unknown', TODAY)).toEqual([])
    expect(demoCatalog('constructor', TODAY)).toEqual([])
  })
})
