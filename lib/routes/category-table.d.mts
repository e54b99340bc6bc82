export type SelectTarget = 'empfehlen' | 'smartphones' | 'tablets'

export type CategoryPage = {
  /** Path without the leading slash, e.g. "internet/hybrid" or "smartphones.html". */
  path: string
  /** Message key (CategoryPages.{key}), stable name of the page and the category route's parameter. */
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

type Rewrite = { source: string; destination: string }

export declare const CATEGORY_PAGES: readonly CategoryPage[]
export declare const CATEGORY_ROUTE_SEGMENT: string
export declare function categoryRewrites(tenantPattern: string): {
  beforeFiles: Rewrite[]
  afterFiles: Rewrite[]
}
