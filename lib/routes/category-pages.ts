/**
 * The product-category pages of SPEC §2.3: each page's path (after the tenant and locale prefix), the
 * source/category pair its products are queried with (/produkt/?quelle&kategorie), the page above it
 * in the breadcrumb and, on mobile tariff pages, where a tariff's select button leads. Titles and
 * subtitles are in messages/*.json → CategoryPages.{key}.
 */

export type SelectTarget = 'empfehlen' | 'smartphones' | 'tablets'

export type CategoryPage = {
  /** Path without the leading slash, e.g. "internet/hybrid" or "smartphones.html". */
  path: string
  /** Message key (CategoryPages.{key}) and stable name of the page. */
  key: string
  quelle: string
  kategorie: string
  /** Key of the page above it in the breadcrumb (home when absent). */
  parent?: string
  /** Mobile tariff pages: where the select button of a tariff leads. */
  select?: SelectTarget
  /** Device pages: filters by tariff, device type and maker. */
  deviceFilters?: boolean
}

const page = (
  path: string,
  key: string,
  quelle: string,
  kategorie: string,
  more: Partial<CategoryPage> = {},
) => ({
  path,
  key,
  quelle,
  kategorie,
  ...more,
})

export const CATEGORY_PAGES: readonly CategoryPage[] = [
  page('internet', 'internet', 'festnetz', 'internet'),
  page('internet/hybrid', 'internetHybrid', 'festnetz', 'hybrid', { parent: 'internet' }),
  page('internet/glasfaser.html', 'internetGlasfaser', 'festnetz', 'glasfaser', { parent: 'internet' }),
  page('junge-leute', 'jungeLeute', 'festnetz', 'young'),
  page('junge-leute/speed.html', 'jungeLeuteSpeed', 'festnetz', 'young-speed', { parent: 'jungeLeute' }),
  page('junge-leute/hybrid.html', 'jungeLeuteHybrid', 'festnetz', 'young-hybrid', { parent: 'jungeLeute' }),
  page('digital-home-service', 'digitalHomeService', 'service', 'digital-home-service'),
  page('glasfaser', 'glasfaser', 'festnetz', 'glasfaser'),
  page('fernsehen', 'fernsehen', 'tv', 'tv'),
  page('fernsehen/satellit.html', 'fernsehenSatellit', 'tv', 'satellit', { parent: 'fernsehen' }),
  page('fernsehen/hybrid-satellit.html', 'fernsehenHybridSatellit', 'tv', 'hybrid-satellit', {
    parent: 'fernsehen',
  }),
  page('fernsehen/hybrid', 'fernsehenHybrid', 'tv', 'hybrid', { parent: 'fernsehen' }),
  page('fernsehen/glasfaser.html', 'fernsehenGlasfaser', 'tv', 'glasfaser', { parent: 'fernsehen' }),
  page('magentasport', 'sport', 'sport', 'sport'),
  page('internet-telefon', 'internetTelefon', 'festnetz', 'internet-telefon'),
  page('homepage-und-shop', 'homepageUndShop', 'business', 'homepage-und-shop'),
  page('webseite', 'webseite', 'business', 'webseite', { parent: 'homepageUndShop' }),
  page('webshop', 'webshop', 'business', 'webshop', { parent: 'homepageUndShop' }),
  page('webhosting', 'webhosting', 'business', 'webhosting', { parent: 'homepageUndShop' }),
  page('company-start', 'companyStart', 'business', 'company-start'),
  page('company-pro', 'companyPro', 'business', 'company-pro'),
  page('smartphone-tarife.html', 'smartphoneTarife', 'mobilfunk', 'tarife', { select: 'smartphones' }),
  page('prepaid-tarife.html', 'prepaidTarife', 'mobilfunk', 'prepaid', { select: 'empfehlen' }),
  page('young-tarife.html', 'youngTarife', 'mobilfunk', 'young', { select: 'smartphones' }),
  page('daten-tarife.html', 'datenTarife', 'mobilfunk', 'daten', { select: 'tablets' }),
  page('zusatzkarten.html', 'zusatzkarten', 'mobilfunk', 'zusatzkarten', { select: 'empfehlen' }),
  page('combi-cards.html', 'combiCards', 'mobilfunk', 'combi-cards', { select: 'empfehlen' }),
  page('geraete.html', 'geraete', 'mobilfunk', 'smartphones', { deviceFilters: true }),
  page('smartphones.html', 'smartphones', 'mobilfunk', 'smartphones', {
    parent: 'geraete',
    deviceFilters: true,
  }),
  page('tablets.html', 'tablets', 'mobilfunk', 'tablets', { parent: 'geraete', deviceFilters: true }),
  page('surfsticks.html', 'surfsticks', 'mobilfunk', 'surfsticks', {
    parent: 'geraete',
    deviceFilters: true,
  }),
]

const byPath = new Map(CATEGORY_PAGES.map((p) => [p.path, p]))
const byKey = new Map(CATEGORY_PAGES.map((p) => [p.key, p]))

export function categoryPageByPath(path: string): CategoryPage | null {
  return byPath.get(path.replace(/^\/+|\/+$/g, '')) ?? null
}

/** The breadcrumb trail of a category page, from the top page down to the page itself. */
export function categoryTrail(page: CategoryPage): CategoryPage[] {
  const trail: CategoryPage[] = [page]
  let current = page
  while (current.parent) {
    const parent = byKey.get(current.parent)
    if (!parent || trail.includes(parent)) break
    trail.unshift(parent)
    current = parent
  }
  return trail
}
