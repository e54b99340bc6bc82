import 'server-only'
import { and, eq, isNotNull } from 'drizzle-orm'
import { getDb } from '@/lib/engine/db'
import { agencies, agencyStaff, agents, products, tenants } from '@/lib/db/schema'
import { DEMO_TENANTS } from '@/lib/engine/tenants/demo-tenants'
import { announceTenantChange } from '@/lib/shared/tenant-changes'
import {
  seedDemoCampaigns,
  seedDemoCatalog,
  seedDemoCategories,
} from '@/lib/engine/tenants/seed-demo-tenants'

/**
 * A demo tenant's catalogue (categories, products, reward periods, campaigns), its agencies' sales
 * agents and numbered employees (in one agency of the test tenant, with their numbers) for another
 * tenant that has no products yet: a test tenant with settings of its own (dev tool, lib/engine/dev). Answers
 * whether it was added; a tenant that is unknown or has products already is left as it is.
 */
export async function copyDemoCatalog(
  slug: string,
  from: string,
  today: Date = new Date(),
): Promise<boolean> {
  const db = await getDb()
  if (!DEMO_TENANTS.some((t) => t.slug === from)) return false
  const [tenant] = await db.select({ slug: tenants.slug }).from(tenants).where(eq(tenants.slug, slug))
  if (!tenant) return false
  const noProducts = db.select({ id: products.id }).from(products).where(eq(products.tenantSlug, slug))
  if ((await noProducts.limit(1)).length > 0) return false
  await seedDemoCategories(db, slug, from)
  await seedDemoCatalog(db, slug, today, from)
  await seedDemoCampaigns(db, slug, today, from)
  // Copies of the catalogue kept in front of the engine (the portal's cache) renew.
  announceTenantChange({ tenant: slug, scope: 'settings' })
  const demoAgents = await db.select().from(agents).where(eq(agents.tenantSlug, from))
  const demoStaff = await db
    .select()
    .from(agencyStaff)
    .where(and(eq(agencyStaff.tenantSlug, from), isNotNull(agencyStaff.employeeNumber)))
  if (demoAgents.length === 0 && demoStaff.length === 0) return true
  const [agency] = await db
    .insert(agencies)
    .values({ tenantSlug: slug, key: 'testagentur', name: 'Testagentur' })
    .returning({ id: agencies.id })
  if (demoStaff.length > 0)
    await db.insert(agencyStaff).values(
      demoStaff.map((member) => ({
        tenantSlug: slug,
        agencyId: agency!.id,
        email: member.email,
        name: member.name,
        employeeNumber: member.employeeNumber,
        active: member.active,
      })),
    )
  if (demoAgents.length > 0)
    await db.insert(agents).values(
      demoAgents.map((agent) => ({
        tenantSlug: slug,
        agencyId: agency!.id,
        externeId: agent.externeId,
        vorname: agent.vorname,
        nachname: agent.nachname,
        plz: agent.plz,
        ort: agent.ort,
        active: agent.active,
      })),
    )
  return true
}
