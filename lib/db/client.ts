import 'server-only'
import path from 'node:path'
import { mkdirSync } from 'node:fs'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { env } from '@/lib/env'
import { log } from '@/lib/log'
import * as schema from './schema'
import { runStartTasks } from '@/lib/engine/start'

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>

type DbHandle = { db: Db; close: () => Promise<void>; kind: 'pglite' | 'postgres' }

const MIGRATIONS = path.resolve(process.cwd(), 'lib/db/migrations')
/** Any constant shared by all servers: serialises migrations and seeding across processes. */
const MIGRATION_LOCK = 7_264_001

// Kept on globalThis: Next loads route handlers, pages and instrumentation as separate bundles in one
// process, and a PGlite directory must never be opened twice.
const KEY = Symbol.for('referral-portal.db')
type Holder = { [KEY]?: Promise<DbHandle> }

export function getDb(): Promise<Db> {
  return getHandle().then((h) => h.db)
}

export function getHandle(): Promise<DbHandle> {
  const holder = globalThis as Holder
  if (!holder[KEY]) {
    holder[KEY] = open().catch((error: unknown) => {
      delete holder[KEY]
      throw error
    })
  }
  return holder[KEY]
}

/** Closes the process's connection (tests, shutdown). */
export async function closeDb() {
  const holder = globalThis as Holder
  const handle = holder[KEY]
  delete holder[KEY]
  if (handle) await (await handle).close()
}

async function open(): Promise<DbHandle> {
  if (process.env.NEXT_PHASE === 'phase-production-build') {
    throw new Error('The database is not opened while building: render tenant pages on demand only.')
  }
  const { DATABASE_URL } = env()
  const handle = DATABASE_URL ? await openPostgres(DATABASE_URL) : await openPglite()
  log.info('database ready', { kind: handle.kind })
  return handle
}

async function openPostgres(url: string): Promise<DbHandle> {
  const { Pool } = await import('pg')
  const { drizzle } = await import('drizzle-orm/node-postgres')
  const { migrate } = await import('drizzle-orm/node-postgres/migrator')
  const pool = new Pool({ connectionString: url, max: env().DATABASE_POOL_SIZE })
  const db = drizzle(pool, { schema }) as unknown as Db
  const client = await pool.connect()
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK])
    await migrate(drizzle(client, { schema }), { migrationsFolder: MIGRATIONS })
    await runStartTasks(drizzle(client, { schema }) as unknown as Db)
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined)
    client.release()
  }
  return { db, kind: 'postgres', close: () => pool.end() }
}

async function openPglite(): Promise<DbHandle> {
  const { PGlite } = await import('@electric-sql/pglite')
  const { drizzle } = await import('drizzle-orm/pglite')
  const { migrate } = await import('drizzle-orm/pglite/migrator')
  const dir = env().PGLITE_DATA_DIR
  if (!dir.startsWith('memory://')) mkdirSync(path.resolve(dir), { recursive: true })
  const client = dir.startsWith('memory://') ? new PGlite() : new PGlite(path.resolve(dir))
  const db = drizzle(client, { schema })
  await migrate(db, { migrationsFolder: MIGRATIONS })
  await runStartTasks(db as unknown as Db)
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() }
}
