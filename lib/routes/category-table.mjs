// @ts-check
/**
 * The product-category pages of SPEC §2.3 as data, read by the app (lib/routes/category-pages.ts) and
 * by next.config.mjs, whose rewrites send each page's path to the one category route
 * (app/[tenant]/kategorieseite/[key]). Plain JavaScript so the Next config can import it.
 *
 * Each page: its path after the tenant and locale prefix, its key (message key CategoryPages.{key} and
 * the route's parameter), the source/category pair its products are queried with
 * (/produkt/?quelle&kategorie), the page above it in the breadcrumb and, on mobile tariff pages, where a
 * tariff's select button leads.
 */

/** @typedef {import('./category-table.d.mts').CategoryPage} CategoryPage */

/**
 * @param {string} path
 * @param {string} key
 * @param {string} quelle
 * @param {string} kategorie
 * @param {Partial<CategoryPage>} [more]
 * @returns {CategoryPage}
 */
const page = (path, key, quelle, kategorie, more = {}) => ({ path, key, quelle, kategorie, ...more })

/** @type {readonly CategoryPage[]} */
export const CATEGORY_PAGES = ([] = [
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
])

/** The internal path segment of the one category route; never reached directly (see categoryRewrites). */
export const CATEGORY_ROUTE_SEGMENT = 'kategorieseite'

/**
 * The rewrites of next.config.mjs: each category path of every tenant segment to the category route,
 * and the route's own path to an unknown path (so a page has one address).
 * @param {string} tenantPattern the tenant segment's pattern (after the locale rewrite: demo, demo~en, h~demo)
 */
export function categoryRewrites(tenantPattern) {
  return {
    beforeFiles: [
      {
        source: `/:tenant(${tenantPattern})/${CATEGORY_ROUTE_SEGMENT}/:rest*`,
        destination: '/:tenant/unbekannt/:rest*',
      },
    ],
    afterFiles: CATEGORY_PAGES.map((p) => ({
      source: `/:tenant(${tenantPattern})/${p.path}`,
      destination: `/:tenant/${CATEGORY_ROUTE_SEGMENT}/${p.key}`,
    })),
  }
}
