import 'server-only'
import path from 'node:path'
import { Worker } from 'node:worker_threads'

/**
 * The embedded database (PGlite) in a thread of its own (lib/db/pglite-thread.mjs), behind the part of
 * PGlite's interface that drizzle's PGlite driver uses: query, exec, transaction and close. The server's
 * JavaScript thread then renders and handles requests while the database works on the other CPU,
 * instead of both taking turns on one thread. Same PGlite, same statements, same answers: each
 * statement goes to the thread as a message and its rows come back; a transaction is PGlite's own in
 * that thread, so statements from outside it wait until it ends, as before.
 */

/**
 * The thread's script. The production build bundles it as a worker of its own (Turbopack follows
 * `new Worker(path)`) and traces the PGlite package it loads, so a standalone build carries both; under
 * Jest it runs from the source.
 */
const THREAD_SCRIPT = path.resolve(process.cwd(), 'lib/db/pglite-thread.mjs')

type Row = Record<string, unknown> | unknown[]
type Field = { name: string; dataTypeID: number }
export type Results = { rows: Row[]; fields: Field[]; affectedRows?: number }
type QueryOptions = {
  rowMode?: 'object' | 'array'
  /** Parsers by type id, as PGlite takes them; the thread sends these types' values as text. */
  parsers?: Record<number, (value: string, typeId: number) => unknown>
}
type Message = {
  op: string
  sql?: string
  params?: unknown[]
  rowMode?: string
  textTypes?: number[]
  tx?: number
}
type Answer = { id: number; result?: unknown; error?: Record<string, unknown> & { message: string } }

/** What a transaction's work gets: statements inside the transaction. */
export type ThreadTransaction = Pick<PgliteThread, 'query' | 'exec'>

/** A failure of the database thread, as drizzle and the error checks read it (code, constraint, …). */
function rebuilt(plain: Answer['error']): Error {
  const error = new Error(plain?.message ?? 'database thread failed')
  Object.assign(error, plain)
  return error
}

export class PgliteThread {
  private readonly worker: Worker
  private readonly pending = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (e: Error) => void }
  >()
  private nextId = 1
  private ended: Error | null = null
  private closing = false

  private constructor(worker: Worker, onLost: (error: Error) => void) {
    this.worker = worker
    // Idle, the thread does not keep the process alive; a statement under way does (see send).
    worker.unref()
    worker.on('message', (answer: Answer) => {
      const waiting = this.pending.get(answer.id)
      if (!waiting) return
      this.pending.delete(answer.id)
      if (this.pending.size === 0) worker.unref()
      if (answer.error) waiting.reject(rebuilt(answer.error))
      else waiting.resolve(answer.result)
    })
    const fail = (error: Error) => {
      if (!this.ended && !this.closing) onLost(error)
      this.ended ??= error
      for (const waiting of this.pending.values()) waiting.reject(error)
      this.pending.clear()
    }
    worker.on('error', fail)
    worker.on('exit', (code) => fail(new Error(`the database thread ended (exit code ${code})`)))
  }

  /**
   * Starts the thread and opens `dataDir` there (`memory://` for a database in memory). `onLost` hears
   * of a thread that ended without close(): every statement after it fails, and whoever holds this
   * object opens the database anew (lib/engine/db.ts does, when `lost` says so).
   */
  static open(dataDir: string, onLost: (error: Error) => void = () => undefined): Promise<PgliteThread> {
    const worker = new Worker(THREAD_SCRIPT, { workerData: { dataDir } })
    return new Promise((resolve, reject) => {
      // Kept until the thread is gone: an error event without a listener would end the process.
      worker.on('error', reject)
      worker.once('exit', (code) => reject(new Error(`the database thread ended (exit code ${code})`)))
      worker.once('message', (first: { ready: boolean; error?: Answer['error'] }) => {
        if (first.ready) {
          worker.off('error', reject)
          resolve(new PgliteThread(worker, onLost))
        } else {
          reject(rebuilt(first.error))
          void worker.terminate()
        }
      })
    })
  }

  /** Whether the thread ended without close(): this object answers nothing any more. */
  get lost(): boolean {
    return this.ended !== null && !this.closing
  }

  private send<T>(message: Message): Promise<T> {
    if (this.ended) return Promise.reject(this.ended)
    const id = this.nextId++
    return new Promise<T>((resolve, reject) => {
      try {
        // A parameter that cannot be copied to the thread (a function, a promise) fails here, at once.
        this.worker.postMessage({ ...message, id })
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)))
        return
      }
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject })
      if (this.pending.size === 1) this.worker.ref()
    })
  }

  /** A statement, in the transaction `tx` (the id of its begin) or outside any. */
  private statement(sql: string, params: unknown[], options: QueryOptions, tx?: number): Promise<Results> {
    const parsers = options.parsers ?? {}
    const textTypes = Object.keys(parsers).map(Number)
    return this.send<Results>({ op: 'query', sql, params, rowMode: options.rowMode, textTypes, tx }).then(
      (results) => (textTypes.length ? parsed(results, parsers) : results),
    )
  }

  query(sql: string, params: unknown[] = [], options: QueryOptions = {}): Promise<Results> {
    return this.statement(sql, params, options)
  }

  exec(sql: string): Promise<Results[]> {
    return this.send<Results[]>({ op: 'exec', sql })
  }

  /** PGlite's transaction, in the thread: committed when `work` succeeds, rolled back when it fails. */
  async transaction<T>(work: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    // The transaction is named by its begin's message id (send takes this id at once).
    const id = this.nextId
    await this.send({ op: 'begin' })
    let closed = false
    const inside = <R>(run: () => Promise<R>) => {
      if (closed) return Promise.reject(new Error('Transaction is closed'))
      return run()
    }
    const tx: ThreadTransaction = {
      query: (sql, params = [], options = {}) => inside(() => this.statement(sql, params, options, id)),
      exec: (sql) => inside(() => this.send<Results[]>({ op: 'exec', sql, tx: id })),
    }
    let result: T
    try {
      result = await work(tx)
    } catch (error) {
      closed = true
      await this.send({ op: 'rollback', tx: id }).catch(() => undefined)
      throw error
    }
    closed = true
    await this.send({ op: 'commit', tx: id })
    return result
  }

  async close(): Promise<void> {
    if (this.ended || this.closing) return
    this.closing = true
    await this.send({ op: 'close' }).catch(() => undefined)
    await this.worker.terminate()
  }
}

/** The caller's parsers applied to the values the thread left as text. */
function parsed(results: Results, parsers: NonNullable<QueryOptions['parsers']>): Results {
  const columns = results.fields
    .map((field, index) => ({
      index,
      name: field.name,
      parse: parsers[field.dataTypeID],
      type: field.dataTypeID,
    }))
    .filter((column) => column.parse)
  if (!columns.length) return results
  for (const row of results.rows) {
    for (const { index, name, parse, type } of columns) {
      const key = Array.isArray(row) ? index : name
      const value = (row as Record<string | number, unknown>)[key]
      if (typeof value === 'string') (row as Record<string | number, unknown>)[key] = parse!(value, type)
    }
  }
  return results
}
