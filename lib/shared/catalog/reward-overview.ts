import type { PraemieEintrag } from '@/lib/contracts/rewards'
import { CATEGORY_PAGES, type CategoryPage } from '@/lib/routes/category-pages'

/**
 * The reward overview (RewardOverview, /aktuellepraemienuebersicht) per product category, from the
 * list of GET /praemie. Pure, so the page stays a cached server component and the rule is unit-tested.
 */

/** A period as a category shows it: `upTo` when its products earn different amounts ("bis zu …"). */
export type CategoryPeriod = { reward: PraemieEintrag; upTo: boolean }

export type CategoryRewards = {
  quelle: string
  kategorie: string
  /** The §2.3 page that shows these products (title and link); null for a pair no page shows. */
  page: CategoryPage | null
  current: CategoryPeriod | null
  next: CategoryPeriod | null
}

/**
 * Pairs shown on two pages: the overview names and links the page made for them alone, not the
 * overview page they also appear on (glass fibre under internet, smartphones among all devices).
 */
export const DEDICATED_PAGES: Readonly<Record<string, string>> = {
  'festnetz/glasfaser': 'glasfaser',
  'mobilfunk/smartphones': 'smartphones',
}

const pairKey = (quelle: string, kategorie: string) => `${quelle}/${kategorie}`

/** The §2.3 page of a quelle/kategorie pair (see DEDICATED_PAGES), or null. */
export function pageOfPair(quelle: string, kategorie: string): CategoryPage | null {
  const pages = CATEGORY_PAGES.filter((p) => p.quelle === quelle && p.kategorie === kategorie)
  const dedicated = DEDICATED_PAGES[pairKey(quelle, kategorie)]
  return pages.find((p) => p.key === dedicated) ?? pages[0] ?? null
}

/**
 * The period a category shows: the highest amount among its products' periods; of equal amounts the
 * one ending first, so the page never promises an amount for longer than every product keeps it.
 */
function summarise(rewards: PraemieEintrag[]): CategoryPeriod | null {
  if (rewards.length === 0) return null
  const end = (r: PraemieEintrag) => r.EnddatumAnzeige ?? r.Enddatum ?? '9999-12-31'
  const [best] = [...rewards].sort((a, b) => b.WertCent - a.WertCent || end(a).localeCompare(end(b)))
  return { reward: best!, upTo: new Set(rewards.map((r) => r.WertCent)).size > 1 }
}

/** Per category (in the order of the §2.3 pages, others after them) its current and next period. */
export function rewardsByCategory(entries: readonly PraemieEintrag[]): CategoryRewards[] {
  const buckets = new Map<
    string,
    { quelle: string; kategorie: string; active: PraemieEintrag[]; next: PraemieEintrag[] }
  >()
  for (const entry of entries) {
    for (const { Quelle, Produktkategorie } of entry.Produktkategorien) {
      const key = pairKey(Quelle, Produktkategorie)
      let bucket = buckets.get(key)
      if (!bucket) {
        bucket = { quelle: Quelle, kategorie: Produktkategorie, active: [], next: [] }
        buckets.set(key, bucket)
      }
      if (entry.Aktiv) bucket.active.push(entry)
      else bucket.next.push(entry)
    }
  }
  const order = (page: CategoryPage | null) => (page ? CATEGORY_PAGES.indexOf(page) : Number.MAX_SAFE_INTEGER)
  return [...buckets.values()]
    .map((b) => ({
      quelle: b.quelle,
      kategorie: b.kategorie,
      page: pageOfPair(b.quelle, b.kategorie),
      current: summarise(b.active),
      next: summarise(b.next),
    }))
    .map((category, arrival) => ({ category, arrival }))
    .sort((a, b) => order(a.category.page) - order(b.category.page) || a.arrival - b.arrival)
    .map(({ category }) => category)
}

/** The reward the share examples use: the highest one active today, or null when none is. */
export function highestActiveReward(entries: readonly PraemieEintrag[]): PraemieEintrag | null {
  return entries.find((e) => e.Aktiv && e.Hoechstpraemie) ?? null
}
