import de from '@/messages/de.json'
import en from '@/messages/en.json'
import { demoCatalog } from '@/lib/engine/tenants/demo-catalog'
import { SPEC_CATEGORY_PAGES } from '@/tests/support/spec'
import { CATEGORY_PAGES, categoryPageByKey, categoryTrail } from './category-pages'

describe('the category pages of SPEC §2.3', () => {
  it('are exactly the SPEC pages, each with a unique key', () => {
    expect(CATEGORY_PAGES.map((p) => p.path).sort()).toEqual([...SPEC_CATEGORY_PAGES].sort())
    expect(new Set(CATEGORY_PAGES.map((p) => p.key)).size).toBe(CATEGORY_PAGES.length)
  })

  it('have a title and a subtitle in both languages', () => {
    for (const page of CATEGORY_PAGES) {
      for (const messages of [de, en]) {
        const texts = (messages.CategoryPages as Record<string, { title: string; subtitle: string }>)[
          page.key
        ]
        expect([page.key, texts?.title.length ?? 0]).not.toEqual([page.key, 0])
        expect([page.key, texts?.subtitle.length ?? 0]).not.toEqual([page.key, 0])
      }
    }
  })

  it("query pairs the demo tenant's catalogue has products for", () => {
    const pairs = new Set(
      demoCatalog('demo', new Date('2026-11-22')).map((p) => `${p.quelle}/${p.kategorie}`),
    )
    for (const page of CATEGORY_PAGES)
      expect([page.path, pairs.has(`${page.quelle}/${page.kategorie}`)]).toEqual([page.path, true])
  })

  it('find a page by its key and build its breadcrumb from the top', () => {
    expect(categoryPageByKey('internetHybrid')?.path).toBe('internet/hybrid')
    expect(categoryPageByKey('nichts')).toBeNull()
    expect(categoryTrail(categoryPageByKey('tablets')!).map((p) => p.key)).toEqual(['geraete', 'tablets'])
    expect(categoryTrail(categoryPageByKey('glasfaser')!).map((p) => p.key)).toEqual(['glasfaser'])
  })

  it('give every mobile tariff page a select target and every device page its filters', () => {
    for (const page of CATEGORY_PAGES.filter((p) => p.quelle === 'mobilfunk')) {
      expect([page.path, Boolean(page.select) !== Boolean(page.deviceFilters)]).toEqual([page.path, true])
    }
  })
})
