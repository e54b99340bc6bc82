import 'server-only'
import { eq } from 'drizzle-orm'
import type { Db } from '@/lib/db/client'
import { campaigns, productCategories, productRewards, products, referrers, tenants } from '@/lib/db/schema'
import { produktDetailsSchema } from '@/lib/contracts/catalog'
import { tenantSettingsSchema } from '@/lib/tenants/settings'
import { hashPassword } from '@/lib/engine/auth/password'
import { demoCampaigns, demoCatalog } from './demo-catalog'
import { DEMO_CATEGORIES, DEMO_REFERRERS, DEMO_TENANTS } from './demo-tenants'

/** Seeds the demo tenants once: rows that exist are left as they are (settings may have been edited). */
export async function seedDemoTenants(db: Db, today: Date = new Date()) {
  for (const { slug, settings } of DEMO_TENANTS) {
    const inserted = await db
      .insert(tenants)
      .values({ slug, settings: tenantSettingsSchema.parse(settings) })
      .onConflictDoNothing()
      .returning({ slug: tenants.slug })
    if (inserted.length === 0) continue
    const categories = DEMO_CATEGORIES[slug] ?? []
    if (categories.length) {
      await db
        .insert(productCategories)
        .values(categories.map((c) => ({ ...c, tenantSlug: slug })))
        .onConflictDoNothing()
    }
    const referrer = DEMO_REFERRERS[slug]
    if (referrer) {
      const { password, ...data } = referrer
      await db
        .insert(referrers)
        .values({ ...data, tenantSlug: slug, passwordHash: await hashPassword(password) })
        .onConflictDoNothing()
    }
  }
  for (const { slug } of DEMO_TENANTS) {
    await seedDemoCatalog(db, slug, today)
    await seedDemoCampaigns(db, slug, today)
  }
}

/**
 * The demo catalogue of a demo tenant, when the tenant has no products yet (also for databases made
 * before the catalogue existed). Reward periods are placed around the seeding day.
 */
async function seedDemoCatalog(db: Db, slug: string, today: Date) {
  const [tenant] = await db
    .select({ slug: tenants.slug })
    .from(tenants)
    .where(eq(tenants.slug, slug))
    .limit(1)
  const [existing] = await db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.tenantSlug, slug))
    .limit(1)
  if (!tenant || existing) return
  const catalog = demoCatalog(slug, today)
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

/** The demo campaigns of a demo tenant, when it has none yet; their dates are placed around the seeding day. */
async function seedDemoCampaigns(db: Db, slug: string, today: Date) {
  const [tenant] = await db
    .select({ slug: tenants.slug })
    .from(tenants)
    .where(eq(tenants.slug, slug))
    .limit(1)
  const [existing] = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(eq(campaigns.tenantSlug, slug))
    .limit(1)
  const rows = demoCampaigns(slug, today)
  if (!tenant || existing || rows.length === 0) return
  await db.insert(campaigns).values(rows.map((c) => ({ ...c, tenantSlug: slug })))
}
