import 'server-only'
import { and, eq, isNotNull, ne } from 'drizzle-orm'
import { getDb } from '@/lib/engine/db'
import { orders, recommendations } from '@/lib/db/schema'
import type { TokenClaims } from '@/lib/engine/auth/token'
import { builtinCatalogue } from '@/lib/engine/catalog/product-source'
import { getReferrerForSession } from '@/lib/engine/referrers/get-referrer-for-session'
import type { Tenant } from '@/lib/engine/tenants/tenant'

/**
 * BannerTEZuTP (GET /empfehler/empfehlungen/showbanner/… and /praemierung/showbanner/…): the referrer's
 * friends ordered double-play (internet and telephone, Kategorie DP) but never triple-play (with TV, TP):
 * the personal area suggests recommending the TV upgrade next.
 */
export async function showBannerTeZuTp(
  tenant: Tenant,
  claims: TokenClaims,
): Promise<{ ShowBanner: boolean }> {
  const referrer = await getReferrerForSession(tenant.slug, claims)
  const db = await getDb()
  const ordered = await db
    .selectDistinct({ produktId: orders.produktId })
    .from(orders)
    .innerJoin(recommendations, eq(recommendations.id, orders.recommendationId))
    .where(
      and(
        eq(recommendations.referrerId, referrer.id),
        ne(orders.status, 'Storniert'),
        isNotNull(orders.produktId),
      ),
    )
  if (ordered.length === 0) return { ShowBanner: false }
  const ids = new Set(ordered.map((o) => o.produktId))
  const products = (await builtinCatalogue(tenant, 'de')).filter((p) => ids.has(p.Id))
  const kinds = new Set(products.map((p) => ('Kategorie' in p ? p.Kategorie : null)))
  return { ShowBanner: kinds.has('DP') && !kinds.has('TP') }
}
