import 'server-only'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { getDb } from '@/lib/engine/db'
import type { Readiness } from '@/lib/shared/lifecycle'

/** How long the database may take to answer before the server counts as not ready. */
const TIMEOUT_MS = 2_000

/** The newest migration of this build (lib/db/migrations/meta/_journal.json: its `when`). */
function newestMigration(): number {
  const file = path.resolve(process.cwd(), 'lib/db/migrations/meta/_journal.json')
  const journal = JSON.parse(readFileSync(file, 'utf8')) as { entries: { when: number }[] }
  return Math.max(...journal.entries.map((entry) => entry.when))
}

let newest: number | undefined

/**
 * Whether the engine can serve (GET /readyz): the database answers and holds this build's migrations
 * (drizzle's journal table; the connection applies them when it opens, so a server whose database was
 * down at start opens it here once it is back). Anything slower than TIMEOUT_MS counts as unreachable.
 */
export async function engineReadiness(): Promise<Readiness> {
  newest ??= newestMigration()
  const check = async (): Promise<Readiness> => {
    const db = await getDb()
    const result = (await db.execute(
      sql`SELECT max(created_at) AS applied FROM drizzle.__drizzle_migrations`,
    )) as unknown as { rows: { applied: string | number | null }[] }
    const applied = Number(result.rows[0]?.applied ?? 0)
    const migrations = applied >= (newest ?? 0) ? 'ok' : 'pending'
    return { ready: migrations === 'ok', checks: { database: 'ok', migrations } }
  }
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<Readiness>((resolve) => {
    timer = setTimeout(
      () => resolve({ ready: false, checks: { database: 'no answer', migrations: 'unknown' } }),
      TIMEOUT_MS,
    )
  })
  try {
    return await Promise.race([
      check().catch((): Readiness => ({
        ready: false,
        checks: { database: 'unreachable', migrations: 'unknown' },
      })),
      late,
    ])
  } finally {
    clearTimeout(timer)
  }
}
