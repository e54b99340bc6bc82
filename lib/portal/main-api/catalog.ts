import 'server-only'
import { log } from '@/lib/shared/log'
import {
  aktionenSchema,
  maxRewardValueSchema,
  produkteSchema,
  produktKategorienSchema,
  produktSchema,
  type Aktion,
  type Produkt,
} from '@/lib/contracts/catalog'
import type { ApiContext } from './context'
import { orNull, read } from './request'

/** The tenant's catalogue: categories, products, running campaigns. */

/** GET /produktkategorie (§7.7): the product categories of the home page. */
export function listCategories(ctx: ApiContext) {
  return read(ctx, { path: '/produktkategorie', schema: produktKategorienSchema })
}

/** GET /produkt?quelle&kategorie (§7.7): the products of a category page. */
export function listProducts(ctx: ApiContext, query: { quelle: string; kategorie: string }) {
  return read(ctx, { path: `/produkt?${new URLSearchParams(query)}`, schema: produkteSchema })
}

/**
 * GET /produkt/{id} (§7.7): one product; null when the catalogue has no such product, also for an id
 * the main API refuses as no product id (400, e.g. 0).
 */
export function getProduct(ctx: ApiContext, id: number): Promise<Produkt | null> {
  return orNull(read(ctx, { path: `/produkt/${id}`, schema: produktSchema }), [404, 400])
}

/** GET /produkt/maxpraemiewert (§7.1): the highest reward in force today, for the "up to … €" figure. */
export function getMaxRewardValue(ctx: ApiContext) {
  return read(ctx, { path: '/produkt/maxpraemiewert', schema: maxRewardValueSchema })
}

/** GET /aktion/alleAktiven (§7.6): the running campaigns (cached: listActiveCampaignsCached). */
export function readActiveCampaigns(ctx: ApiContext): Promise<Aktion[]> {
  return read(ctx, { path: '/aktion/alleAktiven', schema: aktionenSchema })
}

/** The campaigns answered, or none: SPEC §7.9, a failed campaign call is only noted. */
export async function campaignsOrNone(answer: Promise<Aktion[]>): Promise<Aktion[]> {
  try {
    return await answer
  } catch (error) {
    log.info('aktion/alleAktiven unavailable; no campaigns offered', { error: String(error) })
    return []
  }
}
