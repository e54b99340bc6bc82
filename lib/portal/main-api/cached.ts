import 'server-only'
import { unstable_cache } from 'next/cache'
import { isValidTenantSlug } from '@/lib/shared/tenants/slug'
import { tenantTag } from '@/lib/portal/cache-tags'
import {
  campaignsOrNone,
  getMaxRewardValue,
  getProduct,
  listCategories,
  listProducts,
  readActiveCampaigns,
} from './catalog'
import type { ApiContext, TenantContext } from './context'
import { listRewards } from './rewards'
import { getTenantConfig } from './tenant'

/**
 * Public data of cached pages, kept per tenant (and locale) under the tag `tenant:<slug>`; a change of
 * tenant data calls revalidateTag(tag, 'max').
 */

export { tenantTag }
const REVALIDATE_SECONDS = 300

class UnknownTenant extends Error {}

/** The tenant's public configuration, or null for an unknown tenant (which is not kept in the cache). */
export async function getTenantConfigCached(ctx: TenantContext) {
  const slug = ctx.tenant
  if (!isValidTenantSlug(slug)) return null
  const cached = unstable_cache(
    async () => {
      const config = await getTenantConfig({ tenant: slug })
      if (!config) throw new UnknownTenant(slug)
      return config
    },
    ['tenant-config', slug],
    { tags: [tenantTag(slug)], revalidate: REVALIDATE_SECONDS },
  )
  try {
    return await cached()
  } catch (error) {
    if (error instanceof UnknownTenant) return null
    throw error
  }
}

/** Public data of a tenant and language: the key holds both, the context's token is never sent. */
function publicData<T>(
  kind: string,
  ctx: ApiContext,
  load: (ctx: ApiContext) => Promise<T>,
  ...key: string[]
) {
  const { tenant, locale } = ctx
  return unstable_cache(() => load({ tenant, locale }), [kind, tenant, locale, ...key], {
    tags: [tenantTag(tenant)],
    revalidate: REVALIDATE_SECONDS,
  })()
}

export function listCategoriesCached(ctx: ApiContext) {
  return publicData('categories', ctx, listCategories)
}

/** The highest reward in force today (the home page's "up to … €"). */
export function getMaxRewardValueCached(ctx: ApiContext) {
  return publicData('max-reward', ctx, getMaxRewardValue)
}

export function listProductsCached(ctx: ApiContext, query: { quelle: string; kategorie: string }) {
  return publicData('products', ctx, (scope) => listProducts(scope, query), query.quelle, query.kategorie)
}

/**
 * The reward list of the overview page and the carousel. Which period is active is decided by the
 * engine on the day it answers; REVALIDATE_SECONDS bounds how long past midnight a change shows late.
 */
export function listRewardsCached(ctx: ApiContext) {
  return publicData('rewards', ctx, listRewards)
}

/** One product with its reward periods (recommend form, friend's landing): public, as the catalogue. */
export function getProductCached(ctx: ApiContext, id: number) {
  return publicData('product', ctx, (scope) => getProduct(scope, id), String(id))
}

/**
 * The running campaigns the recommend form offers, or none when the call fails (never kept); their
 * periods count within REVALIDATE_SECONDS.
 */
export function listActiveCampaignsCached(ctx: ApiContext) {
  return campaignsOrNone(publicData('campaigns', ctx, readActiveCampaigns))
}
