import 'server-only'
import { eq, sql } from 'drizzle-orm'
import type { Db } from '@/lib/engine/db'
import { agencies, agencyStaff, tenants } from '@/lib/db/schema'
import { env } from '@/lib/shared/env'
import { DEMO_AGENCIES, DEMO_AGENCY_VARIABLES, DEMO_STAFF } from './demo/agencies'
import demoSso from './demo/sso.json'

/**
 * The demo agencies, their employees and text variables, added where missing (stored values stay); and when the local demo OpenID provider runs (DEMO_IDP_URL,
 * set by npm run demo and the test servers), the demo tenants' single sign-on pointed at it.
 */
export async function seedDemoAgencies(db: Db) {
  for (const [slug, list] of Object.entries(DEMO_AGENCIES)) {
    await db
      .insert(agencies)
      .values(list.map((agency) => ({ ...agency, tenantSlug: slug })))
      .onConflictDoNothing()
    await seedDemoStaff(db, slug)
    const variables = Object.fromEntries(
      list.flatMap(({ key }) => (DEMO_AGENCY_VARIABLES[key] ? [[key, DEMO_AGENCY_VARIABLES[key]]] : [])),
    )
    if (Object.keys(variables).length > 0) {
      // jsonb ||: the stored agencies win over the demo's, so an operator's values are kept.
      await db
        .update(tenants)
        .set({
          settings: sql`jsonb_set(${tenants.settings}, '{AgenturVariables}', ${JSON.stringify(variables)}::jsonb || coalesce(${tenants.settings} -> 'AgenturVariables', '{}'::jsonb))`,
        })
        .where(eq(tenants.slug, slug))
    }
    const issuer = env().DEMO_IDP_URL
    if (!issuer) continue
    const sso = { Issuer: issuer, ClientId: demoSso.client.id, ClientSecret: demoSso.client.secret }
    await db
      .update(tenants)
      .set({
        settings: sql`jsonb_set(${tenants.settings}, '{Sso}', coalesce(${tenants.settings} -> 'Sso', '{}'::jsonb) || ${JSON.stringify(sso)}::jsonb)`,
      })
      .where(eq(tenants.slug, slug))
  }
}

/** The demo agencies' employees, added where missing (a deactivated one since the seeding). */
async function seedDemoStaff(db: Db, slug: string) {
  const rows = await db
    .select({ id: agencies.id, key: agencies.key })
    .from(agencies)
    .where(eq(agencies.tenantSlug, slug))
  const staff = rows.flatMap((agency) =>
    (DEMO_STAFF[agency.key] ?? []).map(({ email, name, employeeNumber, active }) => ({
      tenantSlug: slug,
      agencyId: agency.id,
      email,
      name,
      employeeNumber,
      active,
      deactivatedAt: active ? null : new Date(),
    })),
  )
  if (staff.length > 0) await db.insert(agencyStaff).values(staff).onConflictDoNothing()
}
