import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'
import { tenants } from './tenants'

/** Product categories of a tenant (SPEC §7.7 /produktkategorie); the slug is the §2.3 page. */
export const productCategories = pgTable(
  'product_categories',
  {
    tenantSlug: text('tenant_slug')
      .notNull()
      .references(() => tenants.slug, { onDelete: 'cascade' }),
    id: integer('id').notNull(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull(),
    beschreibung: text('beschreibung').notNull(),
    beschreibungEn: text('beschreibung_en').notNull(),
    icon: text('icon').notNull(),
    sortierung: integer('sortierung').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantSlug, t.id] })],
)
