import 'server-only'
import { openDatabase, type Db, type DbHandle } from '@/lib/db/client'
import { runStartTasks } from '@/lib/engine/start'

export type { Db } from '@/lib/db/client'
export { throughRestarts } from '@/lib/db/client'

// The engine's one connection per process, opened with its start tasks (demo seeding) after the
// migrations. Kept on globalThis: Next loads route handlers, pages and instrumentation as separate
// bundles in one process, and a PGlite directory must never be opened twice.
const KEY = Symbol.for('referral-portal.db')
const OPENED = Symbol.for('referral-portal.db.opened')
type Holder = { [KEY]?: Promise<DbHandle>; [OPENED]?: DbHandle }

export function getDb(): Promise<Db> {
  return getHandle().then((h) => h.db)
}

export function getHandle(): Promise<DbHandle> {
  const holder = globalThis as Holder
  // A connection gone for good (the embedded database's thread ended) is replaced by a new one: the
  // requests after it work again instead of failing until the process restarts.
  if (holder[OPENED]?.lost?.()) {
    delete holder[KEY]
    delete holder[OPENED]
  }
  if (!holder[KEY]) {
    const opening = openDatabase(runStartTasks).then(
      (handle) => {
        if (holder[KEY] === opening) holder[OPENED] = handle
        return handle
      },
      (error: unknown) => {
        if (holder[KEY] === opening) delete holder[KEY]
        throw error
      },
    )
    holder[KEY] = opening
  }
  return holder[KEY]
}

/** Closes the process's connection (tests, shutdown). */
export async function closeDb() {
  const holder = globalThis as Holder
  const handle = holder[KEY]
  delete holder[KEY]
  delete holder[OPENED]
  if (handle) await (await handle).close()
}

/** A unique index refused the row (PostgreSQL 23505), however the driver wraps the error. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true
  }
  return false
}
