import 'server-only'
import type { SQL } from 'drizzle-orm'
import type { Db } from './client'

/** What both drivers answer for a statement (node-postgres's QueryResult, PGlite's Results). */
type Answer = { rows: Record<string, unknown>[] }

/**
 * Sends a transaction's statements one after the other without waiting for each answer, and answers
 * their results in the same order. On PostgreSQL they go out together on the transaction's connection
 * (node-postgres pipelines them, lib/db/client.ts): one wait instead of one per statement. The database
 * runs them in the order sent, each with a snapshot of its own, so a row lock taken by one holds for
 * every one after it, as when each is awaited; the embedded database's thread keeps the order too
 * (lib/db/pglite-thread.mjs).
 *
 * Each statement starts here, in order (drizzle's execute starts only when its answer is asked for),
 * once all of them are made, so that none is under way when making one fails. One that fails in the
 * database aborts the transaction, and the ones after it fail too; one refused before it was sent (a
 * value the driver cannot send) leaves the others to run. Either way the call fails with the first
 * error and the caller's transaction rolls back. A null in the list is a statement left out in this
 * case: its answer is null, so the others keep their places.
 */
export function inOrder<const S extends readonly (SQL | null)[]>(
  tx: Db,
  statements: S,
): Promise<{ [I in keyof S]: S[I] extends SQL ? Answer : Answer | null }> {
  const made = statements.map((statement) => statement && tx.execute(statement))
  return Promise.all(made.map((query) => query && query.then((answer) => answer as Answer))) as Promise<{
    [I in keyof S]: S[I] extends SQL ? Answer : Answer | null
  }>
}
