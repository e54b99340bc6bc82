// The embedded database's own thread (a worker of the server process, started by pglite-in-thread.ts).
// PGlite is PostgreSQL compiled to WebAssembly: it runs on the thread that opened it, and on the server's
// JavaScript thread it took about half of that thread's time under load, beside rendering and the
// handlers. Here it gets a thread, and so a CPU, of its own. One PGlite, opened once, in this thread
// only (a PGlite directory is never opened twice); the server's thread sends statements and the
// steps of transactions as messages and receives the answers:
//   { id, op: 'query', sql, params, rowMode, textTypes, tx? }  → { id, result: { rows, fields, affectedRows } }
//   { id, op: 'exec', sql, tx? }                                → { id, result: [results] }
//   { id, op: 'begin' }        → { id, result: null } once BEGIN ran; the transaction is named by this id
//   { id, op: 'commit', tx }   → { id, result: null } once COMMIT ran (or { id, error } when it failed)
//   { id, op: 'rollback', tx } → { id, result: null } once ROLLBACK ran
//   { id, op: 'close' }        → { id, result: null } once PGlite is closed
// A transaction is PGlite's own (pglite.transaction): while it is open, statements from outside it
// wait, as they do when PGlite runs in the server's thread. `textTypes` are the type ids whose values
// come back as PostgreSQL's text, for the caller's own parsers (drizzle keeps dates and intervals as
// text). A failure comes back with its message and PostgreSQL's fields (code, constraint, detail, …).
//
// A statement is prepared once per text (a named statement of this session) and then only bound and
// executed, in one exchange with PostgreSQL: PGlite's own `query` parses and plans the text again
// every time, in five exchanges, which took many times as long as the work of the statement (the
// personal area's recommendations: 2.0 ms against 0.12 ms). PostgreSQL plans a prepared statement for
// its first executions with their values and then keeps a generic plan where that is no worse.
import { parentPort, workerData } from 'node:worker_threads'
import { PGlite, protocol } from '@electric-sql/pglite'
import { PREPARED_LIMIT, isRepeatedStatement } from './repeated-statements.mjs'

const { serialize } = protocol

const { dataDir } = workerData
const pglite = dataDir.startsWith('memory://') ? new PGlite() : new PGlite(dataDir)

/** Open transactions by the id of their `begin`: PGlite's transaction object and how to end it. */
const open = new Map()
/** A rollback asked for: ends PGlite's transaction callback without being an error of it. */
const ROLLBACK = Symbol('rollback')

const asText = (value) => value
const noop = () => undefined

function textParsers(textTypes) {
  return Object.fromEntries((textTypes ?? []).map((type) => [type, asText]))
}

/** An error as the other thread rebuilds it: message, name and PostgreSQL's own fields. */
function plainError(error) {
  if (!(error instanceof Error)) return { message: String(error), name: 'Error' }
  const fields = {}
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === 'function') continue
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) continue
    fields[key] = value
  }
  return { ...fields, message: error.message, name: error.name }
}

/** Posts the answer; one that cannot be copied to the other thread is answered with that error. */
function post(id, answer) {
  try {
    parentPort.postMessage({ id, ...answer })
  } catch (error) {
    parentPort.postMessage({ id, error: plainError(error) })
  }
}

/**
 * Answers a message once `work` is done. The work of a transaction's messages starts one after the
 * other, in the order they came: a caller may send several statements without waiting for each answer
 * (lib/db/in-order.ts), and the steps before PGlite queues a statement are not the same for each kind
 * (prepared or not, the first use or a later one): the chain keeps a later one from overtaking.
 */
function reply(id, work, tx) {
  const transaction = tx === undefined ? undefined : open.get(tx)
  const started = (transaction?.last ?? Promise.resolve()).then(() => work())
  if (transaction) transaction.last = started.then(noop, noop)
  started.then(
    (result) => post(id, { result: result ?? null }),
    (error) => post(id, { error: plainError(error) }),
  )
}

/** The prepared statements of this session by text: their name and parameter types. */
const prepared = new Map()
let statements = 0
/** PostgreSQL's answer when a table changed under a prepared statement so that its rows look otherwise. */
const RESULT_TYPE_CHANGED = 'cached plan must not change result type'
/** The command tags whose count is of rows written. */
const WRITES = new Set(['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'])

/** A parameter as PGlite's `query` sends it: null, its type's serializer, else its text. */
function parameter(value, type) {
  if (value === null || value === undefined) return null
  const serializer = pglite.serializers[type]
  const text = serializer ? serializer(value) : value.toString()
  return text instanceof Uint8Array && !Buffer.isBuffer(text) ? Buffer.from(text) : text
}

/** The rows of one statement's answer, as PGlite's `query` gives them. */
function results(messages, { rowMode, textTypes }) {
  const asGiven = new Set(textTypes ?? [])
  let fields = []
  let parsers = []
  const rows = []
  let affectedRows = 0
  for (const message of messages) {
    if (message.name === 'rowDescription') {
      fields = message.fields.map(({ name, dataTypeID }) => ({ name, dataTypeID }))
      parsers = fields.map(({ dataTypeID }) => (asGiven.has(dataTypeID) ? null : pglite.parsers[dataTypeID]))
    } else if (message.name === 'dataRow') {
      const values = message.fields.map((value, i) =>
        value === null || !parsers[i] ? value : parsers[i](value, fields[i].dataTypeID),
      )
      rows.push(rowMode === 'array' ? values : Object.fromEntries(fields.map((f, i) => [f.name, values[i]])))
    } else if (message.name === 'commandComplete') {
      const [command] = message.text.split(' ')
      if (WRITES.has(command))
        affectedRows += Number.parseInt(message.text.slice(message.text.lastIndexOf(' ') + 1), 10)
    }
  }
  return { rows, fields, affectedRows }
}

/** One exchange with PostgreSQL: the messages end with Sync, so an error leaves the session ready. */
function exchange(...messages) {
  return pglite.execProtocolStream(Buffer.concat([...messages, serialize.sync()]), { syncToFs: false })
}

/** A statement as PGlite's `query` runs it: parsed and planned anew. */
function parsedQuery(sql, params, options, tx) {
  return target(tx).query(sql, params, { rowMode: options.rowMode, parsers: textParsers(options.textTypes) })
}

/**
 * A statement through its prepared statement, prepared on its first use. It waits as PGlite's `query`
 * waits: inside a transaction for the statement before it, outside also for any open transaction.
 */
async function preparedQuery(sql, params, options, tx) {
  if (!isRepeatedStatement(sql) || (!prepared.has(sql) && prepared.size >= PREPARED_LIMIT))
    return parsedQuery(sql, params, options, tx)
  await pglite._checkReady()
  const transaction = tx === undefined ? null : target(tx)
  // As PGlite's transaction checks it: when the statement is asked, so it is queued before a COMMIT.
  if (tx !== undefined && (!transaction || transaction.closed)) throw new Error('Transaction is closed')
  /** The statement this use bound (the one that failed, should it fail). */
  let bound = null
  const run = () =>
    pglite._runExclusiveQuery(async () => {
      let statement = prepared.get(sql)
      if (!statement) {
        const name = `s${++statements}`
        const described = await exchange(
          serialize.parse({ name, text: sql }),
          serialize.describe({ type: 'S', name }),
        )
        const types = described.find((m) => m.name === 'parameterDescription')?.dataTypeIDs ?? []
        statement = { name, types }
        prepared.set(sql, statement)
      }
      bound = statement
      const values = params.map((value, i) => parameter(value, statement.types[i]))
      const messages = await exchange(
        serialize.bind({ statement: statement.name, values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
      )
      if (!transaction) await pglite.syncToFs()
      return results(messages, options)
    })
  try {
    return await (transaction ? run() : pglite._runExclusiveTransaction(run))
  } catch (error) {
    if (!bound || error?.message !== RESULT_TYPE_CHANGED) throw error
    // A table changed under the statement: the next use prepares it again. Outside a transaction this
    // use is asked again once; inside one, the failure has ended the transaction, as any failed
    // statement does. Closing a statement that is gone already is no error.
    const stale = bound
    if (prepared.get(sql) === stale) prepared.delete(sql)
    if (transaction || options.retried) throw error
    await pglite._runExclusiveTransaction(() =>
      pglite._runExclusiveQuery(() => exchange(serialize.close({ type: 'S', name: stale.name }))),
    )
    return preparedQuery(sql, params, { ...options, retried: true }, tx)
  }
}

function target(tx) {
  if (tx === undefined) return pglite
  const transaction = open.get(tx)
  if (!transaction) throw new Error('Transaction is closed')
  return transaction.tx
}

function begin(id) {
  let began = false
  const done = pglite.transaction(
    (tx) =>
      new Promise((resolve, reject) => {
        began = true
        open.set(id, { tx, resolve, reject, done })
        post(id, { result: null })
      }),
  )
  open.set(id, { done })
  // BEGIN failed: the begin is answered with that error (once it ran, the end answers).
  done.catch((error) => {
    if (!began) {
      open.delete(id)
      post(id, { error: plainError(error) })
    }
  })
}

async function end(tx, commit) {
  const transaction = open.get(tx)
  if (!transaction?.resolve) throw new Error('Transaction is closed')
  open.delete(tx)
  if (commit) {
    transaction.resolve()
    await transaction.done
  } else {
    transaction.reject(ROLLBACK)
    await transaction.done.catch((error) => {
      if (error !== ROLLBACK) throw error
    })
  }
}

parentPort.on('message', (message) => {
  const { id, op, tx } = message
  switch (op) {
    case 'query':
      return reply(id, () => preparedQuery(message.sql, message.params ?? [], message, tx), tx)
    case 'exec':
      return reply(
        id,
        async () => {
          const results = await target(tx).exec(message.sql)
          return results.map(({ rows, fields, affectedRows }) => ({ rows, fields, affectedRows }))
        },
        tx,
      )
    case 'begin':
      return begin(id)
    case 'commit':
      return reply(id, () => end(tx, true), tx)
    case 'rollback':
      return reply(id, () => end(tx, false), tx)
    case 'close':
      return reply(id, () => pglite.close())
    default:
      return post(id, { error: { message: `unknown operation ${op}`, name: 'Error' } })
  }
})

pglite.waitReady.then(
  () => parentPort.postMessage({ ready: true }),
  (error) => parentPort.postMessage({ ready: false, error: plainError(error) }),
)
