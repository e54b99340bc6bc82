import 'server-only'
import { rewardPeriods } from '@/lib/shared/catalog/reward-periods'
import type { Praemie, Produkt } from '@/lib/contracts/catalog'
import type { PraemieEintrag, PraemieKategorie } from '@/lib/contracts/rewards'

type Source = Pick<Produkt, 'Quelle' | 'Produktkategorie' | 'Praemien'>

type Group = { reward: Praemie; aktiv: boolean; categories: Map<string, PraemieKategorie> }

/**
 * The reward list of GET /praemie from the products a tenant offers, whatever product API they came
 * from: per product the period in force `today` and the next one (the same rule the product tiles
 * show, lib/shared/catalog/reward-periods.ts), merged where products share a period. Products carry their own
 * reward rows, so a catalogue of 80 products has 80 rows of "70 €, 1 May to 30 June"; a visitor wants
 * one line per period with the categories it covers.
 *
 * Order: active periods before the next ones, each from the highest amount down (the carousel leads
 * with the best reward), then by start date and id, so the answer is the same on every call.
 */
export function collectRewards(products: readonly Source[], today: string): PraemieEintrag[] {
  const groups = new Map<string, Group>()
  const add = (reward: Praemie, aktiv: boolean, product: Source) => {
    const key = [aktiv, reward.WertCent, reward.Startdatum, reward.Enddatum, reward.EnddatumAnzeige].join('|')
    let group = groups.get(key)
    if (!group) {
      group = { reward, aktiv, categories: new Map() }
      groups.set(key, group)
    } else if (reward.Id < group.reward.Id) {
      // The lowest id stands for the period, so the entry's Id does not depend on product order.
      group.reward = reward
    }
    const category = { Quelle: product.Quelle, Produktkategorie: product.Produktkategorie }
    group.categories.set(`${category.Quelle}\u0000${category.Produktkategorie}`, category)
  }
  for (const product of products) {
    const { current, next } = rewardPeriods(product.Praemien, today)
    if (current) add(current, true, product)
    if (next) add(next, false, product)
  }

  const highest = (aktiv: boolean) =>
    Math.max(-1, ...[...groups.values()].filter((g) => g.aktiv === aktiv).map((g) => g.reward.WertCent))
  const top = { active: highest(true), next: highest(false) }

  return [...groups.values()]
    .map((g): PraemieEintrag => ({
      Id: g.reward.Id,
      Wert: g.reward.Wert,
      WertCent: g.reward.WertCent,
      Startdatum: g.reward.Startdatum,
      Enddatum: g.reward.Enddatum,
      EnddatumAnzeige: g.reward.EnddatumAnzeige,
      Aktiv: g.aktiv,
      Hoechstpraemie: g.reward.WertCent === (g.aktiv ? top.active : top.next),
      Produktkategorien: [...g.categories.values()],
    }))
    .sort(
      (a, b) =>
        Number(b.Aktiv) - Number(a.Aktiv) ||
        b.WertCent - a.WertCent ||
        a.Startdatum.localeCompare(b.Startdatum) ||
        a.Id - b.Id,
    )
}

/** A reward period of any of the products by its id (past, current or future), or null. */
export function findReward(products: readonly Source[], id: number): Praemie | null {
  for (const product of products) {
    const reward = product.Praemien.find((r) => r.Id === id)
    if (reward) return reward
  }
  return null
}
