import 'server-only'
import { asc, eq } from 'drizzle-orm'
import { getDb } from '@/lib/engine/db'
import { productCategories } from '@/lib/db/schema'
import type { ProduktKategorie } from '@/lib/contracts/catalog'
import type { Locale } from '@/lib/i18n/config'
import type { Tenant } from './tenant'

/** The tenant's product categories in their order (built-in catalogue, SPEC §7.7 /produktkategorie). */
export async function listCategories(tenant: Tenant, locale: Locale): Promise<ProduktKategorie[]> {
  const db = await getDb()
  const rows = await db
    .select()
    .from(productCategories)
    .where(eq(productCategories.tenantSlug, tenant.slug))
    .orderBy(asc(productCategories.sortierung))
  return rows.map((row) => ({
    Id: row.id,
    Slug: row.slug,
    Name: locale === 'en' ? row.nameEn : row.name,
    Beschreibung: locale === 'en' ? row.beschreibungEn : row.beschreibung,
    Icon: row.icon,
    Sortierung: row.sortierung,
  }))
}
