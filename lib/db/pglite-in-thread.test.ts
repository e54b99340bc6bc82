import { sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/pglite'
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import type { PGlite } from '@electric-sql/pglite'
import { PgliteThread } from './pglite-in-thread'

// The embedded database in its own thread answers as PGlite in the server's thread did: rows, errors
// with PostgreSQL's fields, transactions that commit, roll back and keep other statements waiting.

const items = pgTable('items', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
})

let thread: PgliteThread

beforeAll(async () => {
  thread = await PgliteThread.open('memory://')
  await thread.exec(
    'create table items (id integer primary key, name text not null unique, at timestamptz not null)',
  )
}, 60_000)

afterAll(() => thread.close())

beforeEach(() => thread.query('delete from items'))

const db = () => drizzle({ client: thread as unknown as PGlite })

it('answers a statement with parameters, as objects or as arrays', async () => {
  await thread.query('insert into items values ($1, $2, $3)', [1, 'eins', new Date('2026-01-02T03:04:05Z')])
  const objects = await thread.query('select id, name from items where id = $1', [1])
  expect(objects.rows).toEqual([{ id: 1, name: 'eins' }])
  expect(objects.fields.map((f) => f.name)).toEqual(['id', 'name'])
  const arrays = await thread.query('select id, name from items', [], { rowMode: 'array' })
  expect(arrays.rows).toEqual([[1, 'eins']])
  const inserted = await thread.query('insert into items values (2, $1, now())', ['zwei'])
  expect(inserted.affectedRows).toBe(1)
})

it("leaves the types the caller parses as text and applies the caller's parsers", async () => {
  await thread.query('insert into items values (1, $1, $2)', ['eins', '2026-01-02T03:04:05Z'])
  const plain = await thread.query('select at from items')
  expect(plain.rows[0]).toEqual({ at: new Date('2026-01-02T03:04:05Z') })
  const own = await thread.query('select at from items', [], {
    parsers: { 1184: (value: string) => `text:${value}` },
  })
  expect(own.rows[0]).toEqual({ at: 'text:2026-01-02 03:04:05+00' })
})

it("serves drizzle's PGlite driver: inserts, selects with dates, and reads its own writes", async () => {
  const at = new Date('2026-03-04T05:06:07.890Z')
  await db().insert(items).values({ id: 7, name: 'sieben', at })
  expect(await db().select().from(items)).toEqual([{ id: 7, name: 'sieben', at }])
})

it("fails with PostgreSQL's code, constraint and detail", async () => {
  await thread.query("insert into items values (1, 'eins', now())")
  const error = await thread.query("insert into items values (2, 'eins', now())").catch((e: unknown) => e)
  expect(error).toBeInstanceOf(Error)
  expect(error).toMatchObject({ code: '23505', constraint: 'items_name_key', message: expect.any(String) })
  expect((error as { detail: string }).detail).toContain('eins')
  // Through drizzle, the same fields are on the error's cause.
  const viaDrizzle = await db()
    .insert(items)
    .values({ id: 3, name: 'eins', at: new Date() })
    .catch((e: unknown) => e)
  expect((viaDrizzle as { cause?: unknown }).cause).toMatchObject({ code: '23505' })
})

it('commits a transaction whose work succeeds and rolls back one whose work fails', async () => {
  const answer = await thread.transaction(async (tx) => {
    await tx.query("insert into items values (1, 'eins', now())")
    return (await tx.query('select count(*)::int as n from items')).rows[0]
  })
  expect(answer).toEqual({ n: 1 })
  const failure = await thread
    .transaction(async (tx) => {
      await tx.query("insert into items values (2, 'zwei', now())")
      throw new Error('work failed')
    })
    .catch((e: unknown) => e)
  expect((failure as Error).message).toBe('work failed')
  expect((await thread.query('select id from items order by id')).rows).toEqual([{ id: 1 }])
  // A failed statement inside rolls back the whole transaction too.
  await expect(
    db().transaction(async (tx) => {
      await tx.insert(items).values({ id: 5, name: 'fünf', at: new Date() })
      await tx.insert(items).values({ id: 6, name: 'eins', at: new Date() })
    }),
  ).rejects.toThrow()
  expect((await thread.query('select id from items order by id')).rows).toEqual([{ id: 1 }])
})

it('keeps a statement from outside waiting until the open transaction ends', async () => {
  const order: string[] = []
  let outside: Promise<unknown> = Promise.resolve()
  await thread.transaction(async (tx) => {
    await tx.query("insert into items values (1, 'eins', now())")
    outside = thread.query('select count(*)::int as n from items').then((r) => {
      order.push(`outside saw ${(r.rows[0] as { n: number }).n}`)
    })
    await new Promise((resolve) => setTimeout(resolve, 50))
    await tx.query("insert into items values (2, 'zwei', now())")
    order.push('transaction done')
  })
  await outside
  expect(order).toEqual(['transaction done', 'outside saw 2'])
})

it("runs a transaction's statements sent without waiting in the order sent", async () => {
  // Prepared statements (insert …) and ones PGlite parses itself (a comment first) take different steps
  // before PGlite queues them: the order must not depend on that. Each row's name is the number of rows
  // there were when its statement ran.
  const names = await thread.transaction(async (tx) => {
    const sent = Array.from({ length: 12 }, (_, i) =>
      i % 2 === 0
        ? tx.query('insert into items select $1, count(*)::text, now() from items', [i])
        : tx.query(`/* parsed */ insert into items select ${i}, count(*)::text, now() from items`),
    )
    await Promise.all(sent)
    return (await tx.query('select name from items order by id')).rows.map(
      (row) => (row as { name: string }).name,
    )
  })
  expect(names).toEqual(Array.from({ length: 12 }, (_, i) => String(i)))
})

it('refuses statements of a transaction that has ended', async () => {
  let kept: { query: PgliteThread['query'] } | null = null
  await thread.transaction(async (tx) => {
    kept = tx
  })
  await expect(kept!.query('select 1')).rejects.toThrow('Transaction is closed')
})

it('runs nested transactions as savepoints through drizzle', async () => {
  await db().transaction(async (tx) => {
    await tx.insert(items).values({ id: 1, name: 'eins', at: new Date() })
    await tx
      .transaction(async (inner) => {
        await inner.insert(items).values({ id: 2, name: 'zwei', at: new Date() })
        throw new Error('inner failed')
      })
      .catch(() => undefined)
  })
  expect(await db().execute(sql`select id from items order by id`)).toMatchObject({ rows: [{ id: 1 }] })
})

it('refuses a parameter that cannot go to the thread, and goes on answering', async () => {
  await expect(thread.query('select $1::text as x', [() => 'a function'])).rejects.toThrow()
  expect((await thread.query('select 1 as x')).rows).toEqual([{ x: 1 }])
})

it('prepares a statement once and binds each use: values, nulls, and a failed use in between', async () => {
  const insert = 'insert into items values ($1, $2, $3)'
  await thread.query(insert, [1, 'eins', new Date('2026-01-02T03:04:05Z')])
  await expect(thread.query(insert, [1, 'doppelt', new Date()])).rejects.toMatchObject({ code: '23505' })
  await thread.query(insert, [2, 'zwei', '2026-05-06T07:08:09Z'])
  const byName = 'select id, at from items where name = $1 or ($1::text is null and id = 1)'
  expect((await thread.query(byName, ['zwei'])).rows).toEqual([
    { id: 2, at: new Date('2026-05-06T07:08:09Z') },
  ])
  expect((await thread.query(byName, [null])).rows).toEqual([{ id: 1, at: new Date('2026-01-02T03:04:05Z') }])
  // A text that cannot be prepared fails as PGlite fails it, and the next statement is answered.
  await expect(thread.query('selec 1')).rejects.toMatchObject({ code: '42601' })
  expect((await thread.query('select count(*)::int as n from items')).rows).toEqual([{ n: 2 }])
})

it('answers in the new shape after a table changed under a prepared statement', async () => {
  await thread.exec('create table changing (id integer primary key)')
  await thread.query('insert into changing values (1)')
  expect((await thread.query('select * from changing')).rows).toEqual([{ id: 1 }])
  await thread.exec("alter table changing add column note text not null default 'neu'")
  expect((await thread.query('select * from changing')).rows).toEqual([{ id: 1, note: 'neu' }])
  // Inside a transaction the changed statement fails that transaction once; the next one prepares it anew.
  const inside = (sql: string) => thread.transaction(async (tx) => (await tx.query(sql)).rows)
  expect(await inside('select * from changing where id = 1')).toEqual([{ id: 1, note: 'neu' }])
  await thread.exec('alter table changing add column extra integer not null default 7')
  await expect(inside('select * from changing where id = 1')).rejects.toThrow('cached plan must not change')
  expect(await inside('select * from changing where id = 1')).toEqual([{ id: 1, note: 'neu', extra: 7 }])
  await thread.exec('drop table changing')
})

it('answers texts beyond the prepared ones through PGlite itself', async () => {
  const answers = await Promise.all(
    Array.from({ length: 1100 }, (_, i) => thread.query(`select ${i}::int as n`, [], { rowMode: 'array' })),
  )
  expect(answers.map((a) => (a.rows[0] as unknown as number[])[0])).toEqual(
    Array.from({ length: 1100 }, (_, i) => i),
  )
}, 60_000)

it('runs exec inside a transaction', async () => {
  await thread.transaction(async (tx) => {
    await tx.exec("insert into items values (1, 'eins', now()); insert into items values (2, 'zwei', now())")
  })
  expect((await thread.query('select count(*)::int as n from items')).rows).toEqual([{ n: 2 }])
})

it('tells of a thread that ended without close, and then refuses every statement', async () => {
  const heard: string[] = []
  const other = await PgliteThread.open('memory://', (error) => heard.push(error.message))
  expect(other.lost).toBe(false)
  await (other as unknown as { worker: { terminate: () => Promise<number> } }).worker.terminate()
  await new Promise((resolve) => setTimeout(resolve, 50))
  expect(other.lost).toBe(true)
  expect(heard).toEqual([expect.stringContaining('the database thread ended')])
  await expect(other.query('select 1')).rejects.toThrow('the database thread ended')
}, 60_000)

it('is not lost when closed', async () => {
  const heard: string[] = []
  const other = await PgliteThread.open('memory://', (error) => heard.push(error.message))
  await other.close()
  await other.close()
  expect(other.lost).toBe(false)
  expect(heard).toEqual([])
}, 60_000)
