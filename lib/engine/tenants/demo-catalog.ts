import { demoRewardPeriods } from './demo/builders/reward-periods'
import { fjordnet } from './demo/fjordnet'
import { lumentaFixedLine } from './demo/lumenta-fixed-line'
import { lumentaMobile } from './demo/lumenta-mobile'
import type { DemoProduct, Draft } from './demo/types'

/**
 * The invented product catalogue of the two demo tenants (SPEC §3, §7.7): Lumenta Telekom (`demo`) with a
 * product for every §2.3 category page, Fjordnet (`demo-closed`) with glass fibre and mobile only.
 * No real provider is meant; prices are in cents, descriptions are short HTML fragments. The data is in
 * demo/ (a file per tenant), written with the builders in demo/builders.
 */

const CATALOGUES = new Map<string, () => Draft[]>([
  ['demo', () => [...lumentaFixedLine(), ...lumentaMobile()]],
  ['demo-closed', fjordnet],
])

/**
 * The demo catalogue of a tenant (empty for other tenants). Sortierung counts from 1 within each
 * quelle/kategorie pair in the order the tenant's data lists them; reward ids are the product id times ten plus 1 (current) and 2 (next).
 */
export function demoCatalog(tenantSlug: string, today: Date): DemoProduct[] {
  const drafts = CATALOGUES.get(tenantSlug)?.() ?? []
  const positions = new Map<string, number>()
  return drafts.map(({ reward, ...product }) => {
    const pair = `${product.quelle}/${product.kategorie}`
    const sortierung = (positions.get(pair) ?? 0) + 1
    positions.set(pair, sortierung)
    const rewards = demoRewardPeriods(today, [product.id * 10 + 1, product.id * 10 + 2], reward[0], reward[1])
    return { ...product, sortierung, rewards }
  })
}
