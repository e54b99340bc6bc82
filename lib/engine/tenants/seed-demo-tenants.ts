import 'server-only'
import type { Db } from '@/lib/db/client'
import { productCategories, referrers, tenants } from '@/lib/db/schema'
import { tenantSettingsSchema } from '@/lib/tenants/settings'
import { hashPassword } from '@/lib/engine/auth/password'
import { DEMO_CATEGORIES, DEMO_REFERRERS, DEMO_TENANTS } from './demo-tenants'

/** Seeds the demo tenants once: rows that exist are left as they are (settings may have been edited). */
export async function seedDemoTenants(db: Db) {
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
}
