import 'server-only'
import { eq, sql } from 'drizzle-orm'
import type { Db } from '@/lib/engine/db'
import { agencies, tenants } from '@/lib/db/schema'
import { env } from '@/lib/shared/env'
import { DEMO_AGENCIES } from './demo/agencies'
import demoSso from './demo/sso.json'

/**
 * The demo agencies, added where missing; and when the local demo OpenID provider runs (DEMO_IDP_URL,
 * set by npm run demo and the test servers), the demo tenants' single sign-on pointed at it.
 */
export async function seedDemoAgencies(db: Db) {
  for (const [slug, list] of Object.entries(DEMO_AGENCIES)) {
    await db
      .insert(agencies)
      .values(list.map((agency) => ({ ...agency, tenantSlug: slug })))
      .onConflictDoNothing()
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
