import type { PraemieEintrag } from '@/lib/contracts/rewards'
import { collectRewards } from '@/lib/engine/catalog/collect-rewards'
import { demoCatalog } from '@/lib/engine/tenants/demo-catalog'
import { CATEGORY_PAGES } from '@/lib/routes/category-pages'
import { DEDICATED_PAGES, highestActiveReward, pageOfPair, rewardsByCategory } from './reward-overview'

// The reward overview per product category: the highest current and next amount of each category's
// products ("bis zu" where they differ), named and linked by its §2.3 page.

const entry = (
  Id: number,
  WertCent: number,
  Aktiv: boolean,
  categories: [string, string][],
  dates: Partial<Pick<PraemieEintrag, 'Startdatum' | 'Enddatum' | 'EnddatumAnzeige'>> = {},
): PraemieEintrag => ({
  Id,
  Wert: `${WertCent / 100} €`,
  WertCent,
  Startdatum: Aktiv ? '2026-03-01' : '2026-07-01',
  Enddatum: Aktiv ? '2026-06-30' : null,
  EnddatumAnzeige: Aktiv ? '2026-06-30' : null,
  Aktiv,
  Hoechstpraemie: false,
  Produktkategorien: categories.map(([Quelle, Produktkategorie]) => ({ Quelle, Produktkategorie })),
  ...dates,
})

describe('pageOfPair', () => {
  it('names the dedicated page of every pair that two pages show', () => {
    const pages = new Map<string, string[]>()
    for (const p of CATEGORY_PAGES) {
      const pair = `${p.quelle}/${p.kategorie}`
      pages.set(pair, [...(pages.get(pair) ?? []), p.key])
    }
    const shared = [...pages].filter(([, keys]) => keys.length > 1)
    expect(Object.keys(DEDICATED_PAGES).sort()).toEqual(shared.map(([pair]) => pair).sort())
    for (const [pair, keys] of shared) expect(keys).toContain(DEDICATED_PAGES[pair])
    expect(pageOfPair('festnetz', 'glasfaser')?.path).toBe('glasfaser')
    expect(pageOfPair('mobilfunk', 'smartphones')?.path).toBe('smartphones.html')
    expect(pageOfPair('festnetz', 'hybrid')?.path).toBe('internet/hybrid')
    expect(pageOfPair('festnetz', 'gibtesnicht')).toBeNull()
  })
})

describe('rewardsByCategory', () => {
  it('shows per category its highest amount, "bis zu" where its products differ', () => {
    const categories = rewardsByCategory([
      entry(2, 9000, true, [['festnetz', 'glasfaser']]),
      entry(1, 8000, true, [
        ['festnetz', 'glasfaser'],
        ['festnetz', 'internet'],
      ]),
      entry(4, 9000, false, [['festnetz', 'glasfaser']]),
      entry(3, 7500, false, [['festnetz', 'internet']]),
    ])
    expect(
      categories.map((c) => [
        c.page?.key,
        c.current?.reward.Id,
        c.current?.upTo,
        c.next?.reward.Id,
        c.next?.upTo,
      ]),
    ).toEqual([
      // In the order of the §2.3 pages: internet comes before glasfaser.
      ['internet', 1, false, 3, false],
      ['glasfaser', 2, true, 4, false],
    ])
  })

  it('of equal amounts takes the period ending first, and keeps categories with a next period only', () => {
    const [internet, webshop] = rewardsByCategory([
      entry(1, 7000, true, [['festnetz', 'internet']], { EnddatumAnzeige: '2026-06-30' }),
      entry(2, 7000, true, [['festnetz', 'internet']], { EnddatumAnzeige: '2026-06-15' }),
      entry(3, 8000, false, [['business', 'webshop']]),
    ])
    expect([internet!.current?.reward.Id, internet!.current?.upTo, internet!.next]).toEqual([2, false, null])
    expect([webshop!.page?.key, webshop!.current, webshop!.next?.reward.Id]).toEqual(['webshop', null, 3])
  })

  it('lists categories no page shows after the others, in the order they came', () => {
    const categories = rewardsByCategory([
      entry(1, 5000, true, [['zubehoer', 'kabel']]),
      entry(2, 5000, true, [
        ['zubehoer', 'adapter'],
        ['mobilfunk', 'tarife'],
      ]),
    ])
    expect(categories.map((c) => [c.kategorie, c.page?.key ?? null])).toEqual([
      ['tarife', 'smartphoneTarife'],
      ['kabel', null],
      ['adapter', null],
    ])
  })

  it('covers every product category of both demo catalogues with a page, a current and a next period', () => {
    for (const tenant of ['demo', 'demo-closed']) {
      const products = demoCatalog(tenant, new Date('2026-05-20T10:00:00Z')).map((p) => ({
        Quelle: p.quelle,
        Produktkategorie: p.kategorie,
        Praemien: p.rewards.map((r) => ({
          Id: r.id,
          Wert: `${r.wertCent / 100} €`,
          WertCent: r.wertCent,
          Startdatum: r.startdatum,
          Enddatum: r.enddatum,
          EnddatumAnzeige: r.enddatumAnzeige,
        })),
      }))
      const entries = collectRewards(products, '2026-05-20')
      const categories = rewardsByCategory(entries)
      expect(categories.length).toBe(new Set(products.map((p) => `${p.Quelle}/${p.Produktkategorie}`)).size)
      for (const c of categories) {
        expect([c.kategorie, c.page !== null, c.current !== null, c.next !== null]).toEqual([
          c.kategorie,
          true,
          true,
          true,
        ])
      }
      const fibre = categories.find((c) => c.page?.key === 'glasfaser')!
      expect([fibre.current?.reward.WertCent, fibre.current?.upTo]).toEqual([9000, true])
      expect(highestActiveReward(entries)?.WertCent).toBe(tenant === 'demo' ? 11000 : 9000)
    }
  })
})
