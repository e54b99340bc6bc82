import 'server-only'
import { eq } from 'drizzle-orm'
import type { Db } from '@/lib/engine/db'
import { campaigns, productCategories, productRewards, products, referrers, tenants } from '@/lib/db/schema'
import { produktDetailsSchema } from '@/lib/contracts/catalog'
import { tenantSettingsSchema } from '@/lib/shared/tenants/settings'
import { hashPassword } from '@/lib/engine/auth/password'
import { demoCatalog } from './demo-catalog'
import { demoCampaigns } from './demo/campaigns'
import { DEMO_CATEGORIES, DEMO_REFERRERS, DEMO_TENANTS } from './demo-tenants'
import { seedDemoAgencies } from './seed-demo-agencies'
import { seedDemoInvitations } from './seed-demo-invitations'
import { seedDemoAgencyActivity } from './seed-demo-agency-activity'
import { seedDemoReferrerHistory } from './seed-demo-referrer-history'

/**
 * Seeds the demo tenants once. Settings of a tenant that exists keep every value stored (they may
 * have been edited); settings the demo gained since it was stored are added, so a database made by an
 * older version (a shared PostgreSQL) runs the demo as the code describes it.
 */
export async function seedDemoTenants(db: Db, today: Date = new Date()) {
  for (const { slug, settings } of DEMO_TENANTS) {
    const inserted = await db
      .insert(tenants)
      .values({ slug, settings: tenantSettingsSchema.parse(settings) })
      .onConflictDoNothing()
      .returning({ slug: tenants.slug })
    if (inserted.length === 0) {
      await addNewDemoSettings(db, slug, settings)
      continue
    }
    await seedDemoCategories(db, slug)
    const referrer = DEMO_REFERRERS[slug]
    if (referrer) {
      const { password, ...data } = referrer
      await db
        .insert(referrers)
        .values({ ...data, tenantSlug: slug, passwordHash: await hashPassword(password) })
        .onConflictDoNothing()
    }
  }
  // The demo tenants exist from here on; their catalogue and campaigns are added where missing (also in
  // databases made before these existed), with dates placed around the seeding day.
  for (const { slug } of DEMO_TENANTS) {
    const noProducts = db.select({ id: products.id }).from(products).where(eq(products.tenantSlug, slug))
    if (await isEmpty(noProducts.limit(1))) await seedDemoCatalog(db, slug, today)
    const noCampaigns = db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.tenantSlug, slug))
    if (await isEmpty(noCampaigns.limit(1))) await seedDemoCampaigns(db, slug, today)
  }
  await seedDemoAgencies(db)
  await seedDemoAgencyActivity(db, today)
  await seedDemoInvitations(db, today)
  await seedDemoReferrerHistory(db, today)
}

async function addNewDemoSettings(db: Db, slug: string, demo: Record<string, unknown>) {
  const [row] = await db.select({ settings: tenants.settings }).from(tenants).where(eq(tenants.slug, slug))
  const stored = (row?.settings ?? {}) as Record<string, unknown>
  const missing = Object.keys(demo).filter((key) => !(key in stored))
  if (missing.length === 0) return
  const merged = tenantSettingsSchema.parse({
    ...stored,
    ...Object.fromEntries(missing.map((k) => [k, demo[k]])),
  })
  await db.update(tenants).set({ settings: merged }).where(eq(tenants.slug, slug))
}

async function isEmpty(rows: Promise<unknown[]>): Promise<boolean> {
  return (await rows).length === 0
}

/** Adds a demo tenant's catalogue (`from`, by default the tenant's own) to a tenant's catalogue tables. */
export async function seedDemoCatalog(db: Db, slug: string, today: Date, from: string = slug) {
  const catalog = demoCatalog(from, today)
  if (catalog.length === 0) return
  await db.transaction(async (tx) => {
    await tx.insert(products).values(
      catalog.map((p) => ({
        tenantSlug: slug,
        id: p.id,
        externeId: p.externeId,
        quelle: p.quelle,
        kategorie: p.kategorie,
        sortierung: p.sortierung,
        details: produktDetailsSchema.parse(p.details),
        detailsEn: p.detailsEn ?? null,
      })),
    )
    const rewards = catalog.flatMap((p) =>
      p.rewards.map((r) => ({ ...r, tenantSlug: slug, productId: p.id })),
    )
    if (rewards.length) await tx.insert(productRewards).values(rewards)
  })
}

/** A demo tenant's product categories (`from`, by default the tenant's own) for a tenant. */
export async function seedDemoCategories(db: Db, slug: string, from: string = slug) {
  const categories = DEMO_CATEGORIES[from] ?? []
  if (categories.length === 0) return
  await db
    .insert(productCategories)
    .values(categories.map((c) => ({ ...c, tenantSlug: slug })))
    .onConflictDoNothing()
}

/** A demo tenant's campaigns (`from`, by default the tenant's own) for a tenant. */
export async function seedDemoCampaigns(db: Db, slug: string, today: Date, from: string = slug) {
  const rows = demoCampaigns(from, today)
  if (rows.length) await db.insert(campaigns).values(rows.map((c) => ({ ...c, tenantSlug: slug })))
}
