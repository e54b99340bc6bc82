import 'server-only'
import type { Db } from '@/lib/db/client'
import { env } from '@/lib/shared/env'
import { seedDemoTenants } from '@/lib/engine/tenants/seed-demo-tenants'

/** Runs after migrations on every start, under the migration lock (once across servers at a time). */
export async function runStartTasks(db: Db) {
  if (env().SEED_DEMO_TENANTS === 'true') await seedDemoTenants(db)
}
