import { CATEGORY_PAGES, type CategoryPage } from './category-table.mjs'

/**
 * The product-category pages of SPEC §2.3 (data in lib/routes/category-table.mjs): one route,
 * app/[tenant]/kategorieseite/[key], serves them all at their own paths. Titles and subtitles are in
 * messages/*.json → CategoryPages.{key}.
 */
export { CATEGORY_PAGES }
export type { CategoryPage, SelectTarget } from './category-table.mjs'

const byKey = new Map(CATEGORY_PAGES.map((p) => [p.key, p]))

export function categoryPageByKey(key: string): CategoryPage | null {
  return byKey.get(key) ?? null
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
