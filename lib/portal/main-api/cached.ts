import 'server-only'
import { unstable_cache } from 'next/cache'
import type { Locale } from '@/lib/i18n/config'
import { isValidTenantSlug } from '@/lib/shared/tenants/slug'
import { tenantTag } from '@/lib/portal/cache-tags'
import { getCategories, getProducts, getRewards, getTenantConfig } from './main-api'

/**
 * Public data of cached pages, kept per tenant (and locale) under the tag `tenant:<slug>`; a change of
 * tenant data calls revalidateTag(tag, 'max').
 */

export { tenantTag }
const REVALIDATE_SECONDS = 300

class UnknownTenant extends Error {}

/** The tenant's public configuration, or null for an unknown tenant (which is not kept in the cache). */
export async function getTenantConfigCached(slug: string) {
  if (!isValidTenantSlug(slug)) return null
  const cached = unstable_cache(
    async () => {
      const config = await getTenantConfig(slug)
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

export function getCategoriesCached(slug: string, locale: Locale) {
  return unstable_cache(() => getCategories(slug, locale), ['categories', slug, locale], {
    tags: [tenantTag(slug)],
    revalidate: REVALIDATE_SECONDS,
  })()
}

export function getProductsCached(slug: string, locale: Locale, quelle: string, kategorie: string) {
  return unstable_cache(
    () => getProducts(slug, locale, { quelle, kategorie }),
    ['products', slug, locale, quelle, kategorie],
    { tags: [tenantTag(slug)], revalidate: REVALIDATE_SECONDS },
  )()
}

/**
 * The reward list of the overview page and the carousel. Which period is active is decided by the
 * engine on the day it answers; REVALIDATE_SECONDS bounds how long past midnight a change shows late.
 */
export function getRewardsCached(slug: string, locale: Locale) {
  return unstable_cache(() => getRewards(slug, locale), ['rewards', slug, locale], {
    tags: [tenantTag(slug)],
    revalidate: REVALIDATE_SECONDS,
  })()
}
