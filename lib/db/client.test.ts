import type { Pool, PoolClient } from 'pg'
import {
  type Db,
  isRestarting,
  nameStatements,
  retryCutTransactions,
  throughRestarts,
  waitThroughRestarts,
} from './client'

// A running server waits for a restarting database instead of failing the requests of that moment.

const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })
const startingUp = Object.assign(new Error('the database system is starting up'), { code: '57P03' })
const badPassword = Object.assign(new Error('password authentication failed'), { code: '28P01' })

/** A pool whose connection attempts fail with `failures` in turn, then succeed. */
function fakePool(failures: Error[]) {
  const client = { release: jest.fn() } as unknown as PoolClient
  let attempts = 0
  const pool = {
    connect: jest.fn(async () => {
      attempts++
      const failure = failures.shift()
      if (failure) throw failure
      return client
    }),
    query: jest.fn(),
    on: jest.fn(),
  } as unknown as Pool
  return { pool, client, attempts: () => attempts }
}

describe('isRestarting', () => {
  it.each([
    ['refused', refused, true],
    ['starting up', startingUp, true],
    ['shutting down (admin)', Object.assign(new Error('terminating'), { code: '57P01' }), true],
    ['ended by the server', new Error('Connection terminated unexpectedly'), true],
    [
      'sent on an ended connection',
      new Error('Client has encountered a connection error and is not queryable'),
      true,
    ],
    [
      'wrapped by drizzle',
      Object.assign(new Error('Failed query: rollback'), { cause: new Error('read ECONNRESET') }),
      false,
    ],
    [
      'wrapped by drizzle, ended',
      Object.assign(new Error('Failed query: rollback'), {
        cause: Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }),
      }),
      true,
    ],
    ['a wrong password', badPassword, false],
    ['a timeout of the pool', new Error('timeout exceeded when trying to connect'), false],
    ['nothing', undefined, false],
  ])('%s', (_label, error, expected) => {
    expect(isRestarting(error)).toBe(expected)
  })
})

describe('waitThroughRestarts', () => {
  it('tries again while the database restarts, then hands out the connection (promise form)', async () => {
    const { pool, client, attempts } = fakePool([refused, startingUp])
    waitThroughRestarts(pool, 5_000)
    await expect(pool.connect()).resolves.toBe(client)
    expect(attempts()).toBe(3)
  })

  it('hands the connection to a callback, as pool.query takes it', async () => {
    const { pool, client } = fakePool([refused])
    waitThroughRestarts(pool, 5_000)
    const answer = await new Promise<{ error?: Error; got?: PoolClient }>((resolve) =>
      (pool.connect as unknown as (cb: (error?: Error, got?: PoolClient) => void) => void)((error, got) =>
        resolve({ error, got }),
      ),
    )
    expect(answer).toEqual({ error: undefined, got: client })
  })

  it('fails at once on anything else', async () => {
    const { pool, attempts } = fakePool([badPassword])
    waitThroughRestarts(pool, 5_000)
    await expect(pool.connect()).rejects.toBe(badPassword)
    expect(attempts()).toBe(1)
  })

  it('gives up after the wait, with the last error', async () => {
    const { pool, attempts } = fakePool(Array.from({ length: 50 }, () => refused))
    waitThroughRestarts(pool, 400)
    await expect(pool.connect()).rejects.toBe(refused)
    // 100, 200 ms pauses fit; the next (400 ms) would pass the deadline.
    expect(attempts()).toBe(3)
  })
})

describe('a statement whose connection was ended under it', () => {
  const ended = Object.assign(new Error('terminating connection due to administrator command'), {
    code: '57P01',
  })

  function poolAnswering(answers: (Error | string)[]) {
    const texts: string[] = []
    const pool = {
      connect: jest.fn(),
      on: jest.fn(),
      query: jest.fn(async (query: { text: string }) => {
        texts.push(query.text)
        const answer = answers.shift()
        if (answer instanceof Error) throw answer
        return { rows: [answer] }
      }),
    } as unknown as Pool
    waitThroughRestarts(pool, 1_000)
    return { pool, texts }
  }

  it('is asked again when it only reads', async () => {
    const { pool, texts } = poolAnswering([ended, 'row'])
    await expect(pool.query({ text: 'select 1' } as never)).resolves.toEqual({ rows: ['row'] })
    expect(texts).toEqual(['select 1', 'select 1'])
  })

  it('fails when it writes (it may have been done)', async () => {
    const { pool, texts } = poolAnswering([ended, 'row'])
    await expect(pool.query({ text: 'insert into t values (1)' } as never)).rejects.toBe(ended)
    expect(texts).toEqual(['insert into t values (1)'])
  })

  it('fails at once for any other error of a read', async () => {
    const { pool, texts } = poolAnswering([badPassword, 'row'])
    await expect(pool.query({ text: 'select 1' } as never)).rejects.toBe(badPassword)
    expect(texts).toHaveLength(1)
  })
})

describe('a transaction whose connection the database ended', () => {
  const ended = Object.assign(new Error('terminating connection due to administrator command'), {
    code: '57P01',
  })
  const notQueryable = new Error('Client has encountered a connection error and is not queryable')

  /**
   * A database whose transactions run their work as drizzle does (BEGIN, work, COMMIT; ROLLBACK on
   * an error), with `cuts` saying in turn where the connection ends: at 'begin', in the 'work', at
   * 'commit', or nowhere (undefined).
   */
  function dbCut(cuts: ('begin' | 'work' | 'commit' | undefined)[]) {
    let runs = 0
    const db = {
      transaction: jest.fn(async (work: (tx: unknown) => Promise<unknown>) => {
        const cut = cuts.shift()
        if (cut === 'begin') throw ended
        runs++
        try {
          const result = await work({ cut: cut === 'work' })
          if (cut === 'commit') throw ended
          return result
        } catch (error) {
          // ROLLBACK on the ended connection fails in its turn, and that is what drizzle throws.
          if (cut) throw notQueryable
          throw error
        }
      }),
    }
    retryCutTransactions(db as unknown as Db, 250)
    return { db: db as unknown as Db, runs: () => runs }
  }

  const work = async (tx: unknown) => {
    if ((tx as { cut: boolean }).cut) throw ended
    return 'done'
  }

  it('is run again when the end came during its work (nothing was committed)', async () => {
    const { db, runs } = dbCut(['work', undefined])
    await expect(db.transaction(work as never)).resolves.toBe('done')
    expect(runs()).toBe(2)
  })

  it('is run again when BEGIN could not be sent', async () => {
    const { db, runs } = dbCut(['begin', undefined])
    await expect(db.transaction(work as never)).resolves.toBe('done')
    expect(runs()).toBe(1)
  })

  it('fails when the end came at COMMIT (it may have been done)', async () => {
    const { db, runs } = dbCut(['commit', undefined])
    await expect(db.transaction(work as never)).rejects.toBe(notQueryable)
    expect(runs()).toBe(1)
  })

  it('is run again while the database restarts, then fails with the last error', async () => {
    const { db, runs } = dbCut(['work', 'work', 'work', undefined])
    await expect(db.transaction(work as never)).rejects.toBe(notQueryable)
    // Pauses of 100 and 200 ms: the second would pass the 250 ms wait.
    expect(runs()).toBe(2)
  })

  it('fails at once for an error of its own work', async () => {
    const refusal = new Error('RECOMMENDATION_PENDING')
    const { db, runs } = dbCut([undefined, undefined])
    await expect(
      db.transaction((async () => {
        throw refusal
      }) as never),
    ).rejects.toBe(refusal)
    expect(runs()).toBe(1)
  })
})

describe('throughRestarts', () => {
  const ended = Object.assign(new Error('terminating connection'), { code: '57P01' })

  it('runs the work again while the database restarts, with growing pauses', async () => {
    const failures = [ended, ended]
    let runs = 0
    const work = async () => {
      runs++
      const failure = failures.shift()
      if (failure) throw failure
      return 'noted'
    }
    const started = Date.now()
    await expect(throughRestarts(work, { waitMs: 1_000 })).resolves.toBe('noted')
    expect(runs).toBe(3)
    expect(Date.now() - started).toBeGreaterThanOrEqual(290)
  })

  it('fails at once on another error', async () => {
    let runs = 0
    const work = async () => {
      runs++
      throw badPassword
    }
    await expect(throughRestarts(work, { waitMs: 1_000 })).rejects.toBe(badPassword)
    expect(runs).toBe(1)
  })
})

describe('nameStatements', () => {
  function recording() {
    const sent: unknown[] = []
    const client = { query: (config: unknown) => sent.push(config) } as unknown as PoolClient
    return { client, sent }
  }

  it('names a read or write the same on every connection, and leaves everything else alone', () => {
    const first = recording()
    const second = recording()
    nameStatements(first.client)
    nameStatements(second.client)
    const text = 'select "id" from "referrers" where "id" = $1'
    void first.client.query({ text, rowMode: 'array' } as never, ['a'] as never)
    void second.client.query({ text } as never)
    void first.client.query({ text: 'insert into "t" values ($1)' } as never)
    void first.client.query('select 1' as never)
    void first.client.query({ text, name: 'own' } as never)
    void first.client.query({ text: 'begin' } as never)
    void first.client.query({ text: 'create table "t" ("id" integer)' } as never)
    const cursor = { text, submit: () => undefined }
    void first.client.query(cursor as never)
    const [a, b] = [first.sent[0], second.sent[0]] as [{ name?: string }, { name?: string }]
    expect(a).toMatchObject({ text, rowMode: 'array', name: expect.stringMatching(/^e\d+$/) })
    expect(b.name).toBe(a.name)
    const [insert, plain, own, begin, ddl, kept] = first.sent.slice(1) as { name?: string }[]
    expect(insert!.name).toMatch(/^e\d+$/)
    expect(insert!.name).not.toBe(a.name)
    expect(plain).toBe('select 1')
    expect(own!.name).toBe('own')
    expect(begin!.name).toBeUndefined()
    expect(ddl!.name).toBeUndefined()
    expect(kept).toBe(cursor)
  })

  it('names nothing until asked to (the migrations run unnamed)', () => {
    let naming = false
    const { client, sent } = recording()
    nameStatements(client, () => naming)
    void client.query({ text: 'select 3' } as never)
    naming = true
    void client.query({ text: 'select 3' } as never)
    expect((sent[0] as { name?: string }).name).toBeUndefined()
    expect((sent[1] as { name?: string }).name).toMatch(/^e\d+$/)
  })
})
