import 'server-only'
import { openDatabase, type Db, type DbHandle } from '@/lib/db/client'
import { runStartTasks } from '@/lib/engine/start'

export type { Db } from '@/lib/db/client'
export { throughRestarts } from '@/lib/db/client'

// The engine's one connection per process, opened with its start tasks (demo seeding) after the
// migrations. Kept on globalThis: Next loads route handlers, pages and instrumentation as separate
// bundles in one process, and a PGlite directory must never be opened twice.
const KEY = Symbol.for('referral-portal.db')
type Holder = { [KEY]?: Promise<DbHandle> }

export function getDb(): Promise<Db> {
  return getHandle().then((h) => h.db)
}

export function getHandle(): Promise<DbHandle> {
  const holder = globalThis as Holder
  if (!holder[KEY]) {
    holder[KEY] = openDatabase(runStartTasks).catch((error: unknown) => {
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

/** A unique index refused the row (PostgreSQL 23505), however the driver wraps the error. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true
  }
  return false
}
