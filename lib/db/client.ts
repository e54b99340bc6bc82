import 'server-only'
import path from 'node:path'
import { mkdirSync } from 'node:fs'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import type { Pool, PoolClient } from 'pg'
import type { PGlite } from '@electric-sql/pglite'
import { env } from '@/lib/shared/env'
import { log } from '@/lib/shared/log'
import { profiledStatement, profiling } from '@/lib/shared/profile'
import * as schema from './schema'
import { PREPARED_LIMIT, isRepeatedStatement } from './repeated-statements.mjs'

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>

export type DbHandle = {
  db: Db
  close: () => Promise<void>
  kind: 'pglite' | 'postgres'
  /** True once the connection is gone for good (the embedded database's thread ended): open anew. */
  lost?: () => boolean
}

/** Runs after the migrations, still under the migration lock (so once across servers at a time). */
export type AfterMigrations = (db: Db) => Promise<void>

const MIGRATIONS = path.resolve(process.cwd(), 'lib/db/migrations')
/** Any constant shared by all servers: serialises migrations and seeding across processes. */
const MIGRATION_LOCK = 7_264_001
/** How long making a PostgreSQL connection may take. */
const CONNECT_TIMEOUT_MS = 5_000
/** How long a request waits for the database to come back from a restart before it fails. */
const RESTART_WAIT_MS = 15_000

/**
 * Opens the database of DATABASE_URL (else PGlite in PGLITE_DATA_DIR), applies the migrations and
 * then `afterMigrations`. The ground floor: it knows schema and connection, nothing above them.
 */
export async function openDatabase(afterMigrations: AfterMigrations): Promise<DbHandle> {
  if (process.env.NEXT_PHASE === 'phase-production-build') {
    throw new Error('The database is not opened while building: render tenant pages on demand only.')
  }
  const { DATABASE_URL } = env()
  const handle = DATABASE_URL
    ? await openPostgres(DATABASE_URL, afterMigrations)
    : await openPglite(afterMigrations)
  log.info('database ready', { kind: handle.kind })
  return handle
}

async function openPostgres(url: string, afterMigrations: AfterMigrations): Promise<DbHandle> {
  const { Pool } = await import('pg')
  const { drizzle } = await import('drizzle-orm/node-postgres')
  const { migrate } = await import('drizzle-orm/node-postgres/migrator')
  // A connection that cannot be made within seconds fails the request (and /readyz) instead of holding it.
  // Pipelined: statements sent without waiting for the answer before go out at once, in order (a
  // transaction's independent statements, lib/db/in-order.ts); one awaited at a time goes as before.
  const pool = new Pool({
    connectionString: url,
    max: env().DATABASE_POOL_SIZE,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    pipeline: true,
  })
  // An idle connection the database ended (a restart, a failover) is dropped from the pool and made anew
  // when needed; unheard, the pool's error would end the process.
  pool.on('error', (error) => log.warn('database connection lost', { error: error.message }))
  // One ended while a request holds it between two statements reports that to the request's next
  // statement; unheard, it would end the process. Before the first connection (the migrations'),
  // which the pool hands out again later.
  pool.on('connect', (client) => client.on('error', () => undefined))
  // After the migrations (their statements are made once), each statement is prepared once per connection.
  let naming = false
  if (env().DATABASE_PREPARED_STATEMENTS === 'true')
    pool.on('connect', (client) => nameStatements(client, () => naming))
  if (profiling()) {
    // A statement outside a transaction is pool.query, which calls its client's callback form (not
    // counted there); a transaction's statements go through its client's promise form.
    countStatements(pool)
    pool.on('connect', (client) => countStatements(client))
  }
  const db = drizzle(pool, { schema }) as unknown as Db
  try {
    const client = await pool.connect()
    try {
      await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK])
      await migrate(drizzle(client, { schema }), { migrationsFolder: MIGRATIONS })
      await afterMigrations(drizzle(client, { schema }) as unknown as Db)
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined)
      client.release()
    }
  } catch (error) {
    // Not opened (the database is not there yet): the next try makes a pool of its own.
    await pool.end().catch(() => undefined)
    throw error
  }
  naming = true
  waitThroughRestarts(pool)
  retryCutTransactions(db)
  return { db, kind: 'postgres', close: () => pool.end() }
}

const statementNames = new Map<string, string>()

/** The name of a statement text, the same for each use in this process; none once the names are used up. */
function statementName(text: string): string | undefined {
  let name = statementNames.get(text)
  if (name === undefined && statementNames.size < PREPARED_LIMIT) {
    name = `e${statementNames.size + 1}`
    statementNames.set(text, name)
  }
  return name
}

/**
 * Gives the connection's reads and writes (drizzle's, as `{ text }`) a name by their text:
 * node-postgres then parses a text once per connection and afterwards only binds and executes it, and
 * PostgreSQL keeps its plan (generic where that is no worse). The personal area's statements took
 * 20–65 % less time so. Everything else goes as it is: strings, transaction control and DDL, configs
 * that bring a name, and pg's own query objects (cursors, streams).
 */
export function nameStatements(client: Pick<PoolClient, 'query'>, naming: () => boolean = () => true) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown
  client.query = ((config: unknown, ...rest: unknown[]) => {
    const given = config as { text?: unknown; name?: unknown; submit?: unknown } | null
    if (
      naming() &&
      typeof given === 'object' &&
      given !== null &&
      typeof given.text === 'string' &&
      !given.name &&
      typeof given.submit !== 'function' &&
      isRepeatedStatement(given.text)
    ) {
      const name = statementName(given.text)
      if (name) return query({ ...given, name }, ...rest)
    }
    return query(config, ...rest)
  }) as PoolClient['query']
}

/**
 * Whether a failed connection attempt says the database is restarting or failing over, and will
 * take connections again soon: refused, reset, or PostgreSQL's own "starting up" / "shutting down".
 */
export function isRestarting(error: unknown): boolean {
  const { code, message, cause } = (error ?? {}) as { code?: unknown; message?: unknown; cause?: unknown }
  if (code === 'ECONNREFUSED' || code === 'ECONNRESET' || code === 'EPIPE') return true
  // cannot_connect_now (starting up, shutting down, in recovery), admin_shutdown, crash_shutdown
  if (code === '57P03' || code === '57P01' || code === '57P02') return true
  // node-postgres: the connection ended under a statement, or a statement was sent on one that had
  if (
    typeof message === 'string' &&
    (message.includes('Connection terminated unexpectedly') || message.includes('is not queryable'))
  )
    return true
  // drizzle's "Failed query" carries the driver's error as its cause
  return cause !== undefined && cause !== error && isRestarting(cause)
}

/**
 * A transaction whose connection the database ended (a restart, a failover) while its work was
 * still under way was rolled back by the database and did nothing: it is run again from the start,
 * on a new connection, while the database restarts (throughRestarts). One whose work had finished
 * is not, because its COMMIT may have been done; it fails as before.
 *
 * So the work of every transaction keeps to its `tx`: no writes through the outer handle, nothing
 * sent or announced (mail goes through the outbox, kickMailWorker and tenant-change notices come
 * after the transaction), and what it tells its caller goes through its answer, not through variables
 * outside it that a second run would change again.
 */
export function retryCutTransactions(db: Db, waitMs = RESTART_WAIT_MS): void {
  const transaction = db.transaction.bind(db) as Db['transaction']
  db.transaction = ((work, config) => {
    let cut = false
    const attempt = async () => {
      let workDone = false
      let workError: unknown
      try {
        return await transaction(async (tx) => {
          try {
            const result = await work(tx)
            workDone = true
            return result
          } catch (error) {
            workError = error
            throw error
          }
        }, config)
      } catch (error) {
        // Ended before its work (BEGIN failed) or within it, and for the connection's end alone.
        cut = !workDone && (workError === undefined || isRestarting(workError)) && isRestarting(error)
        if (cut) {
          const { message, cause } = error as Error
          log.warn('transaction cut by the database', {
            error: (cause as Error)?.message ?? message,
          })
        }
        throw error
      }
    }
    return throughRestarts(attempt, { waitMs, retryIf: () => cut })
  }) as Db['transaction']
}

/**
 * Once the database is open, it may restart (an update, a failover) under a running server:
 * - a new connection refused meanwhile is tried again for up to RESTART_WAIT_MS, so the requests of
 *   that moment answer late instead of failing (pool.query and transactions both connect through
 *   pool.connect);
 * - a single read outside a transaction whose connection was ended under it is asked again (on a new
 *   connection, so after that wait); a write or a transaction's statement is not: it fails (for a
 *   whole transaction, see retryCutTransactions).
 */
export function waitThroughRestarts(pool: Pool, waitMs = RESTART_WAIT_MS): void {
  const connect = pool.connect.bind(pool) as () => Promise<PoolClient>
  const connectWaiting = () => throughRestarts(connect, { waitMs })
  type Callback = (error: Error | undefined, client?: PoolClient, done?: () => void) => void
  pool.connect = ((callback?: Callback) => {
    if (!callback) return connectWaiting()
    connectWaiting().then(
      (client) => callback(undefined, client, () => client.release()),
      (error: Error) => callback(error),
    )
  }) as typeof pool.connect

  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown
  pool.query = ((...args: unknown[]) => {
    const first = args[0]
    const text = typeof first === 'string' ? first : (first as { text?: unknown } | null)?.text
    // The callback form (the pool's own use) and anything but a read go through as they are.
    const read = typeof text === 'string' && /^\s*select\b/i.test(text)
    if (!read || typeof args.at(-1) === 'function') return query(...args)
    return throughRestarts(() => query(...args) as Promise<unknown>, { waitMs })
  }) as typeof pool.query
}

/**
 * Runs `work`, and again after a growing pause while it fails because the database restarts
 * (`retryIf`, isRestarting by default), for up to `waitMs`; then fails with the last error. Only for
 * work that does nothing when it fails that way, or the same when done twice. The pause also lets the
 * pool hear that its idle connections were ended too, so the next try does not take one of them.
 */
export async function throughRestarts<T>(
  work: () => Promise<T>,
  {
    waitMs = RESTART_WAIT_MS,
    retryIf = isRestarting,
  }: { waitMs?: number; retryIf?: (error: unknown) => boolean } = {},
): Promise<T> {
  const deadline = Date.now() + waitMs
  for (let attempt = 0; ; attempt++) {
    try {
      return await work()
    } catch (error) {
      const pause = Math.min(1_000, 100 * 2 ** attempt)
      if (!retryIf(error) || Date.now() + pause > deadline) throw error
      await new Promise((resolve) => setTimeout(resolve, pause))
    }
  }
}

async function openPglite(afterMigrations: AfterMigrations): Promise<DbHandle> {
  const { PgliteThread } = await import('./pglite-in-thread')
  const { drizzle } = await import('drizzle-orm/pglite')
  const { migrate } = await import('drizzle-orm/pglite/migrator')
  const dir = env().PGLITE_DATA_DIR
  if (!dir.startsWith('memory://')) mkdirSync(path.resolve(dir), { recursive: true })
  // PGlite works in a thread of its own (pglite-in-thread.ts), beside the server's JavaScript thread.
  const client = await PgliteThread.open(dir.startsWith('memory://') ? dir : path.resolve(dir), (error) =>
    log.error('database thread ended: the database is opened again', { error: error.message }),
  )
  if (profiling()) {
    countStatements(client)
    const transaction = client.transaction.bind(client)
    client.transaction = (work) => transaction((tx) => work(countStatements(tx)))
  }
  // drizzle's PGlite driver over the thread: it uses only query, exec (in migrations) and transaction.
  const db = drizzle({ client: client as unknown as PGlite, schema })
  try {
    await migrate(db, { migrationsFolder: MIGRATIONS })
    await afterMigrations(db as unknown as Db)
  } catch (error) {
    await client.close()
    throw error
  }
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close(), lost: () => client.lost }
}

/** The bench's profiling mode (lib/shared/profile.ts): every statement of `client` is counted and timed. */
function countStatements<C extends { query: (...args: never[]) => unknown }>(client: C): C {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown
  const counted = (...args: unknown[]) => {
    const answer = query(...args)
    const first = args[0]
    const text = typeof first === 'string' ? first : String((first as { text?: unknown } | null)?.text ?? '')
    // pg's callback form answers nothing to wait for; drizzle uses the promise form.
    return answer instanceof Promise ? profiledStatement(text, () => answer) : answer
  }
  client.query = counted as unknown as C['query']
  return client
}
