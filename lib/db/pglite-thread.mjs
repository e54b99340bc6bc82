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
import { parentPort, workerData } from 'node:worker_threads'
import { PGlite } from '@electric-sql/pglite'

const { dataDir } = workerData
const pglite = dataDir.startsWith('memory://') ? new PGlite() : new PGlite(dataDir)

/** Open transactions by the id of their `begin`: PGlite's transaction object and how to end it. */
const open = new Map()
/** A rollback asked for: ends PGlite's transaction callback without being an error of it. */
const ROLLBACK = Symbol('rollback')

const asText = (value) => value

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

function reply(id, work) {
  Promise.resolve()
    .then(work)
    .then(
      (result) => post(id, { result: result ?? null }),
      (error) => post(id, { error: plainError(error) }),
    )
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
  const { id, op } = message
  switch (op) {
    case 'query':
      return reply(id, async () => {
        const { rows, fields, affectedRows } = await target(message.tx).query(message.sql, message.params, {
          rowMode: message.rowMode,
          parsers: textParsers(message.textTypes),
        })
        return { rows, fields, affectedRows }
      })
    case 'exec':
      return reply(id, async () => {
        const results = await target(message.tx).exec(message.sql)
        return results.map(({ rows, fields, affectedRows }) => ({ rows, fields, affectedRows }))
      })
    case 'begin':
      return begin(id)
    case 'commit':
      return reply(id, () => end(message.tx, true))
    case 'rollback':
      return reply(id, () => end(message.tx, false))
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
