import type { Praemie } from '@/lib/contracts/catalog'
import { praemienSchema } from '@/lib/contracts/rewards'
import { collectRewards, findReward } from '@/lib/engine/catalog/collect-rewards'

// GET /praemie from the products' own reward rows: per product the period in force and the next one
// (SPEC §3, §4), merged across products that share a period, with their categories and the highest
// reward marked.

const TODAY = '2026-05-20'

const period = (
  Id: number,
  WertCent: number,
  Startdatum: string,
  Enddatum: string | null,
  EnddatumAnzeige: string | null = Enddatum,
): Praemie => ({ Id, Wert: `${WertCent / 100} €`, WertCent, Startdatum, Enddatum, EnddatumAnzeige })

/** The demo's pattern: a current period until the end of June, the next one open from July. */
const current = (Id: number, cents: number) => period(Id, cents, '2026-03-01', '2026-06-30')
const next = (Id: number, cents: number) => period(Id, cents, '2026-07-01', null)

const product = (Quelle: string, Produktkategorie: string, Praemien: Praemie[]) => ({
  Quelle,
  Produktkategorie,
  Praemien,
})

describe('collectRewards', () => {
  it('merges the periods products share, keeps the lowest id and lists the categories once each', () => {
    const entries = collectRewards(
      [
        product('festnetz', 'internet', [next(4622, 7500), current(4621, 7000)]),
        product('festnetz', 'internet', [current(4631, 7000), next(4632, 7500)]),
        product('tv', 'tv', [current(4691, 7000), next(4692, 7500)]),
        product('festnetz', 'glasfaser', [current(19971, 8000), next(19972, 9000)]),
      ],
      TODAY,
    )
    expect(praemienSchema.parse(entries)).toEqual(entries)
    expect(entries.map((e) => [e.Id, e.WertCent, e.Aktiv])).toEqual([
      [19971, 8000, true],
      [4621, 7000, true],
      [19972, 9000, false],
      [4622, 7500, false],
    ])
    expect(entries[1]).toEqual({
      ...current(4621, 7000),
      Aktiv: true,
      Hoechstpraemie: false,
      Produktkategorien: [
        { Quelle: 'festnetz', Produktkategorie: 'internet' },
        { Quelle: 'tv', Produktkategorie: 'tv' },
      ],
    })
    // The same answer whatever order the products come in.
    const reversed = collectRewards(
      [
        product('festnetz', 'glasfaser', [current(19971, 8000), next(19972, 9000)]),
        product('tv', 'tv', [current(4691, 7000), next(4692, 7500)]),
        product('festnetz', 'internet', [current(4631, 7000), next(4632, 7500)]),
        product('festnetz', 'internet', [next(4622, 7500), current(4621, 7000)]),
      ],
      TODAY,
    )
    expect(reversed.map((e) => e.Id)).toEqual(entries.map((e) => e.Id))
  })

  it('marks the highest reward among the active periods and among the next ones', () => {
    const entries = collectRewards(
      [
        product('sport', 'sport', [current(12581, 9000), next(12582, 11000)]),
        product('sport', 'sport', [current(12591, 11000), next(12592, 11000)]),
        product('mobilfunk', 'tarife', [current(5311, 5000), next(5312, 5500)]),
      ],
      TODAY,
    )
    const flagged = entries.filter((e) => e.Hoechstpraemie).map((e) => [e.Id, e.Aktiv])
    // 110 € is the highest now and next; the two next 110 € periods share one entry.
    expect(flagged).toEqual([
      [12591, true],
      [12582, false],
    ])
    expect(entries.filter((e) => !e.Aktiv).map((e) => e.WertCent)).toEqual([11000, 5500])
  })

  it('follows the active rule of SPEC §4: start and end days count, the display end date ends it early', () => {
    const rewards = [period(1, 7000, '2026-05-20', '2026-05-31', '2026-05-25'), next(2, 7500)]
    const on = (day: string) => collectRewards([product('festnetz', 'internet', rewards)], day)
    expect(on('2026-05-19').map((e) => [e.Id, e.Aktiv])).toEqual([[1, false]])
    expect(on('2026-05-20').map((e) => [e.Id, e.Aktiv])).toEqual([
      [1, true],
      [2, false],
    ])
    expect(on('2026-05-25').map((e) => [e.Id, e.Aktiv])).toEqual([
      [1, true],
      [2, false],
    ])
    // After the display end date the period is over; the next one has not begun yet.
    expect(on('2026-05-26').map((e) => [e.Id, e.Aktiv])).toEqual([[2, false]])
    expect(on('2026-07-01').map((e) => [e.Id, e.Aktiv])).toEqual([[2, true]])
  })

  it('lists a product whose first period is still to come, and leaves out products without rewards', () => {
    const entries = collectRewards(
      [product('business', 'webshop', [next(13211, 8000)]), product('business', 'webseite', [])],
      TODAY,
    )
    expect(entries).toEqual([
      {
        ...next(13211, 8000),
        Aktiv: false,
        Hoechstpraemie: true,
        Produktkategorien: [{ Quelle: 'business', Produktkategorie: 'webshop' }],
      },
    ])
    expect(collectRewards([], TODAY)).toEqual([])
  })

  it('keeps periods with the same amount but other dates apart', () => {
    const entries = collectRewards(
      [
        product('festnetz', 'internet', [current(1, 7000)]),
        product('festnetz', 'hybrid', [period(2, 7000, '2026-04-01', '2026-06-30')]),
        product('festnetz', 'young', [period(3, 7000, '2026-03-01', '2026-06-30', '2026-06-15')]),
      ],
      TODAY,
    )
    expect(entries.map((e) => e.Id)).toEqual([1, 3, 2])
    expect(entries.every((e) => e.Hoechstpraemie)).toBe(true)
  })
})

describe('findReward', () => {
  it('finds any period of any product by id, past ones included', () => {
    const past = period(9, 6000, '2025-01-01', '2025-12-31')
    const products = [product('festnetz', 'internet', [past, current(10, 7000)])]
    expect(findReward(products, 9)).toEqual(past)
    expect(findReward(products, 10)?.WertCent).toBe(7000)
    expect(findReward(products, 11)).toBeNull()
  })
})
