import 'server-only'
import { and, asc, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm'
import { getDb } from '@/lib/engine/db'
import { productRewards, products } from '@/lib/db/schema'
import { ApiError } from '@/lib/shared/errors'
import type { Produkt } from '@/lib/contracts/catalog'
import type { Locale } from '@/lib/i18n/config'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import { HIDDEN_PRODUCT_IDS, toProdukt, type ProductRow } from './to-produkt'

export type ProductQuery = {
  quelle?: string
  kategorie?: string
  /** Device offers of one tariff (mobile pages). */
  tarifId?: number
  /** Device offers of one device (GET /produkt/handytarife/{id}). */
  handyId?: number
  ids?: number[]
  externeId?: string
}

/**
 * The built-in catalogue (SPEC §7.7): products of the tenant in their order, with their reward
 * periods; the hidden ids never appear. A category pair without any product is unknown:
 * '404 - Unknown category'.
 */
export async function listProducts(
  tenant: Tenant,
  locale: Locale,
  query: ProductQuery = {},
): Promise<Produkt[]> {
  const db = await getDb()
  const conditions: SQL[] = [
    eq(products.tenantSlug, tenant.slug),
    notInArray(products.id, [...HIDDEN_PRODUCT_IDS]),
  ]
  if (query.quelle !== undefined) conditions.push(eq(products.quelle, query.quelle))
  if (query.kategorie !== undefined) conditions.push(eq(products.kategorie, query.kategorie))
  if (query.tarifId !== undefined)
    conditions.push(sql`(${products.details} ->> 'TarifId')::int = ${query.tarifId}`)
  if (query.handyId !== undefined)
    conditions.push(sql`(${products.details} ->> 'HandyId')::int = ${query.handyId}`)
  if (query.ids !== undefined) conditions.push(inArray(products.id, query.ids.length ? query.ids : [-1]))
  if (query.externeId !== undefined) conditions.push(eq(products.externeId, query.externeId))
  const rows = await db
    .select()
    .from(products)
    .where(and(...conditions))
    .orderBy(asc(products.sortierung), asc(products.id))
  if (rows.length === 0 && (query.quelle !== undefined || query.kategorie !== undefined)) {
    await assertKnownCategory(tenant, query)
  }
  return withRewards(tenant, rows, locale)
}

async function assertKnownCategory(tenant: Tenant, query: ProductQuery) {
  const db = await getDb()
  const conditions: SQL[] = [eq(products.tenantSlug, tenant.slug)]
  if (query.quelle !== undefined) conditions.push(eq(products.quelle, query.quelle))
  if (query.kategorie !== undefined) conditions.push(eq(products.kategorie, query.kategorie))
  const [known] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(...conditions))
    .limit(1)
  if (!known) throw new ApiError('UnbekannteKategorie')
}

export async function withRewards(tenant: Tenant, rows: ProductRow[], locale: Locale): Promise<Produkt[]> {
  if (rows.length === 0) return []
  const db = await getDb()
  const rewards = await db
    .select()
    .from(productRewards)
    .where(
      and(
        eq(productRewards.tenantSlug, tenant.slug),
        inArray(
          productRewards.productId,
          rows.map((r) => r.id),
        ),
      ),
    )
  return rows.map((row) => toProdukt(row, rewards, locale, tenant.settings.apiRoute))
}
