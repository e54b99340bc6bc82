import 'server-only'
import type { RewardPlans } from '@/lib/contracts/agency'
import { productName } from '@/lib/shared/catalog/product-name'
import { listProducts } from '@/lib/engine/catalog/list-products'
import type { Tenant } from '@/lib/engine/tenants/tenant'

/** What a plan may apply to: the tenant's products (by German name) and their categories, in catalogue order. */
export async function rewardPlanTargets(tenant: Tenant): Promise<RewardPlans['Ziele']> {
  const products = await listProducts(tenant, 'de')
  const categories = new Map<string, { Quelle: string; Kategorie: string }>()
  for (const p of products)
    categories.set(`${p.Quelle}/${p.Produktkategorie}`, { Quelle: p.Quelle, Kategorie: p.Produktkategorie })
  return {
    Produkte: products.map((p) => ({ Id: p.Id, Name: productName(p) })),
    Kategorien: [...categories.values()],
  }
}

/** The German names of these products, by id (a plan names its product with it). */
export async function productNames(tenant: Tenant, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map()
  return new Map((await listProducts(tenant, 'de', { ids })).map((p) => [p.Id, productName(p)]))
}
