import {
  boolean,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
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

/**
 * Products of the built-in catalogue (SPEC §3, §7.7). `quelle` and `kategorie` are the pair a category
 * page queries (/produkt/?quelle&kategorie); `details` holds the fields of the product's kind
 * (lib/contracts/catalog.ts produktDetailsSchema), validated on write and on read.
 */
export const products = pgTable(
  'products',
  {
    tenantSlug: text('tenant_slug')
      .notNull()
      .references(() => tenants.slug, { onDelete: 'cascade' }),
    id: integer('id').notNull(),
    externeId: text('externe_id').notNull(),
    quelle: text('quelle').notNull(),
    kategorie: text('kategorie').notNull(),
    sortierung: integer('sortierung').notNull(),
    details: jsonb('details').notNull(),
    detailsEn: jsonb('details_en'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantSlug, t.id] }),
    index('products_query').on(t.tenantSlug, t.quelle, t.kategorie),
    uniqueIndex('products_extern').on(t.tenantSlug, t.externeId),
  ],
)

/** Reward periods of a product (SPEC §3 Praemie, §4 active rule): usually a current and a next one. */
export const productRewards = pgTable(
  'product_rewards',
  {
    tenantSlug: text('tenant_slug').notNull(),
    id: integer('id').notNull(),
    productId: integer('product_id').notNull(),
    wertCent: integer('wert_cent').notNull(),
    startdatum: date('startdatum', { mode: 'string' }).notNull(),
    enddatum: date('enddatum', { mode: 'string' }),
    enddatumAnzeige: date('enddatum_anzeige', { mode: 'string' }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantSlug, t.id] }),
    foreignKey({
      columns: [t.tenantSlug, t.productId],
      foreignColumns: [products.tenantSlug, products.id],
    }).onDelete('cascade'),
  ],
)

/**
 * Campaigns of a tenant (SPEC §3 Campaign, GET /aktion/alleAktiven): texts per language, an optional
 * consent the referrer gives by ticking it, and the dates they run (ISO, inclusive; end null = open).
 */
export const campaigns = pgTable(
  'campaigns',
  {
    tenantSlug: text('tenant_slug')
      .notNull()
      .references(() => tenants.slug, { onDelete: 'cascade' }),
    id: integer('id').notNull(),
    /** { de: { Titel, Text, RechtsText }, en: { … } }; German is the fallback. */
    texts: jsonb('texts').notNull(),
    zustimmungErforderlich: boolean('zustimmung_erforderlich').notNull(),
    startdatum: date('startdatum', { mode: 'string' }).notNull(),
    enddatum: date('enddatum', { mode: 'string' }),
    sortierung: integer('sortierung').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantSlug, t.id] })],
)
