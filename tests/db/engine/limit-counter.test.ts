import { randomUUID } from 'node:crypto'
import { eq, sql, type SQL } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/node-postgres'
import { PgDialect } from 'drizzle-orm/pg-core'
import { Client } from 'pg'
import * as schema from '@/lib/db/schema'
import { closeDb, getDb, type Db } from '@/lib/engine/db'
import { limitCounters } from '@/lib/db/schema'
import { createCaptcha } from '@/lib/engine/captcha/create-captcha'
import {
  clearCounter,
  decide,
  enforceLimits,
  peek,
  record,
  reserve,
  type Counter,
} from '@/lib/engine/limits/counter'
import { COUNTER_IDLE_MS, pruneIdleCounters } from '@/lib/engine/limits/prune-counters'

// The one counter behind every limit (lib/engine/limits/counter.ts), in-process with injected times:
// parallel attempts take distinct numbers, refusals leave nothing behind, windows start over, and
// reservations of attempts that never finished are forgotten. Runs on PGlite and PostgreSQL alike.

const MINUTE = 60_000
const start = new Date('2026-05-04T08:00:00Z')
const at = (minutes: number) => new Date(start.getTime() + minutes * MINUTE)
const keys: string[] = []

function counter(windowMs: number | null = 60 * MINUTE): Counter {
  const key = `jest-${randomUUID()}`
  keys.push(key)
  return { key, windowMs }
}

afterAll(async () => {
  const db = await getDb()
  for (const key of keys) await db.delete(limitCounters).where(eq(limitCounters.keyHash, key))
  await closeDb()
})

describe('reserve', () => {
  it('gives 25 parallel attempts the numbers 1 to 25, each once', async () => {
    const db = await getDb()
    const c = counter()
    const reservations = await Promise.all(Array.from({ length: 25 }, () => reserve(db, 'demo', [c], at(0))))
    const numbers = reservations.map((r) => r.tallies[0]!.number).sort((a, b) => a - b)
    expect(numbers).toEqual(Array.from({ length: 25 }, (_, i) => i + 1))
    expect(reservations.every((r) => r.tallies[0]!.counted === 0)).toBe(true)
    // Three count, the rest are released: the counter holds exactly the three.
    await Promise.all(reservations.map((r, i) => (i < 3 ? r.count() : r.release())))
    expect(await peek(db, 'demo', [c], at(1))).toEqual([{ counted: 3, number: 4 }])
  })

  it('takes numbers on several counters at once, whatever order parallel attempts name them in', async () => {
    const db = await getDb()
    const [a, b] = [counter(), counter(null)]
    // One statement per attempt locks both rows: in the same order for all, so none waits on another.
    const reservations = await Promise.all(
      Array.from({ length: 12 }, (_, i) => reserve(db, 'demo', i % 2 ? [a, b] : [b, a], at(0))),
    )
    const numbersOf = (c: Counter) =>
      reservations
        .map((r, i) => r.tallies[(i % 2 ? [a, b] : [b, a]).indexOf(c)]!.number)
        .sort((x, y) => x - y)
    const oneToTwelve = Array.from({ length: 12 }, (_, i) => i + 1)
    expect(numbersOf(a)).toEqual(oneToTwelve)
    expect(numbersOf(b)).toEqual(oneToTwelve)
    const counted = await Promise.all(reservations.map((r) => r.count()))
    expect(counted.map(([first]) => first).sort((x, y) => x! - y!)).toEqual(oneToTwelve)
    expect(await peek(db, 'demo', [a, b], at(1))).toEqual([
      { counted: 12, number: 13 },
      { counted: 12, number: 13 },
    ])
  })

  it('counts or releases once only, and a count answers the new number counted', async () => {
    const db = await getDb()
    const c = counter(null)
    const first = await reserve(db, 'demo', [c], at(0))
    expect(await first.count()).toEqual([1])
    await first.release()
    await first.count()
    const second = await reserve(db, 'demo', [c], at(1))
    expect(second.tallies).toEqual([{ counted: 1, number: 2 }])
    await second.release()
    await second.release()
    expect(await peek(db, 'demo', [c], at(2))).toEqual([{ counted: 1, number: 2 }])
    await clearCounter(db, 'demo', c.key)
    expect(await peek(db, 'demo', [c], at(3))).toEqual([{ counted: 0, number: 1 }])
  })

  it('starts a window over once it has passed; a counter without window keeps its count', async () => {
    const db = await getDb()
    const hourly = counter(60 * MINUTE)
    const forever = counter(null)
    for (const minute of [0, 30, 59]) await (await reserve(db, 'demo', [hourly, forever], at(minute))).count()
    expect(await peek(db, 'demo', [hourly, forever], at(59))).toEqual([
      { counted: 3, number: 4 },
      { counted: 3, number: 4 },
    ])
    // The window began at minute 0: at minute 60 it is over.
    expect(await peek(db, 'demo', [hourly, forever], at(60))).toEqual([
      { counted: 0, number: 1 },
      { counted: 3, number: 4 },
    ])
    const next = await reserve(db, 'demo', [hourly, forever], at(61))
    expect(next.tallies).toEqual([
      { counted: 0, number: 1 },
      { counted: 3, number: 4 },
    ])
    expect(await next.count()).toEqual([1, 4])
  })

  it('forgets reservations of attempts that never finished once the counter was idle ten minutes', async () => {
    const db = await getDb()
    const c = counter(null)
    await reserve(db, 'demo', [c], at(0))
    await reserve(db, 'demo', [c], at(1))
    expect(await peek(db, 'demo', [c], at(5))).toEqual([{ counted: 0, number: 3 }])
    expect(await peek(db, 'demo', [c], at(11))).toEqual([{ counted: 0, number: 1 }])
    expect((await reserve(db, 'demo', [c], at(11))).tallies).toEqual([{ counted: 0, number: 1 }])
  })

  it('keeps tenants apart', async () => {
    const db = await getDb()
    const c = counter()
    await (await reserve(db, 'demo', [c], at(0))).count()
    expect(await peek(db, 'demo-closed', [c], at(0))).toEqual([{ counted: 0, number: 1 }])
    await db.delete(limitCounters).where(eq(limitCounters.keyHash, c.key))
  })
})

describe('decide', () => {
  it('demands a captcha past the captcha limit and refuses past the refusal limit, the strictest counter first', () => {
    const limit = { captchaAfter: 3, refuseAfter: 10 }
    const tally = (number: number) => ({ counted: number - 1, number })
    expect([1, 3, 4, 10, 11].map((n) => decide([tally(n)], [limit]))).toEqual([
      'ok',
      'ok',
      'captcha',
      'captcha',
      'refuse',
    ])
    expect(decide([tally(4), tally(11)], [limit, limit])).toBe('refuse')
    expect(decide([tally(50)], [{ captchaAfter: null, refuseAfter: null }])).toBe('ok')
    expect(decide([], [])).toBe('ok')
  })
})

describe('enforceLimits', () => {
  const limit = { captchaAfter: 3, refuseAfter: 10 }
  const clock = () => at(0)
  const enforce = (counted: number, number: number, captcha: { id?: string; answer?: string } = {}) =>
    getDb().then((db) =>
      enforceLimits(db, {
        tenantSlug: 'demo',
        tallies: [{ counted, number }],
        limits: [limit],
        captcha,
        clock,
      }),
    )
  const solved = async () => {
    const challenge = await createCaptcha(await getDb(), 'demo', clock)
    return { id: challenge.CaptchaId, answer: challenge.answer }
  }

  it('refuses once the attempts that counted reach the refusal limit, captcha or not', async () => {
    await expect(enforce(10, 11, await solved())).rejects.toMatchObject({ code: 'ZuVieleAnfragen' })
    await expect(enforce(10, 11)).rejects.toMatchObject({ code: 'ZuVieleAnfragen', captchaRequired: false })
  })

  it('asks for the captcha first when only attempts under way fill the limit, then refuses', async () => {
    await expect(enforce(2, 12)).rejects.toMatchObject({ code: 'CaptchaRequired', captchaRequired: true })
    await expect(enforce(2, 12, await solved())).rejects.toMatchObject({
      code: 'ZuVieleAnfragen',
      captchaRequired: true,
    })
  })

  it('lets an attempt through below the captcha limit, and past it with a solved captcha', async () => {
    await expect(enforce(0, 3)).resolves.toBeUndefined()
    await expect(enforce(3, 4)).rejects.toMatchObject({ code: 'CaptchaRequired' })
    await expect(enforce(3, 4, await solved())).resolves.toBeUndefined()
  })
})

describe('record', () => {
  it('counts what happens without asking, so the next attempt sees it', async () => {
    const db = await getDb()
    const c = counter()
    expect(await record(db, 'demo', [c], at(0))).toEqual([1])
    expect(await record(db, 'demo', [c], at(1))).toEqual([2])
    expect(await peek(db, 'demo', [c], at(2))).toEqual([{ counted: 2, number: 3 }])
  })
})

describe('countedTransaction', () => {
  it('counts the attempt together with its work, and is settled then', async () => {
    const db = await getDb()
    const c = counter()
    const attempt = await reserve(db, 'demo', [c], at(0))
    const work = async (tx: Db) => {
      await tx.execute(sql`select 1`)
      return 'done'
    }
    expect(await attempt.countedTransaction(work)).toBe('done')
    expect(await peek(db, 'demo', [c], at(1))).toEqual([{ counted: 1, number: 2 }])
    // A release afterwards changes nothing, and a second transaction is refused.
    await attempt.release()
    expect(await peek(db, 'demo', [c], at(1))).toEqual([{ counted: 1, number: 2 }])
    await expect(attempt.countedTransaction(async () => undefined)).rejects.toThrow('settled')
  })

  // PGlite has one connection: a statement outside the transaction waits for it to end.
  ;(process.env.DATABASE_URL ? it : it.skip)(
    'shows the attempt to others as under way until the work commits, never as counted and under way at once',
    async () => {
      const db = await getDb()
      const c = counter()
      const attempt = await reserve(db, 'demo', [c], at(0))
      const seenInside = await attempt.countedTransaction(async () => peek(db, 'demo', [c], at(0)))
      expect(seenInside).toEqual([{ counted: 0, number: 2 }])
      expect(await peek(db, 'demo', [c], at(1))).toEqual([{ counted: 1, number: 2 }])
    },
  )

  it('leaves the reservation open when the work fails, so its release still frees the number', async () => {
    const db = await getDb()
    const c = counter()
    const attempt = await reserve(db, 'demo', [c], at(0))
    await expect(
      attempt.countedTransaction(async () => {
        throw new Error('the work failed')
      }),
    ).rejects.toThrow('the work failed')
    expect(await peek(db, 'demo', [c], at(1))).toEqual([{ counted: 0, number: 2 }])
    await attempt.release()
    expect(await peek(db, 'demo', [c], at(1))).toEqual([{ counted: 0, number: 1 }])
  })
})

describe('commit of a counter', () => {
  const settingIn = async (db: Db) => {
    const result = await db.execute(sql`select current_setting('synchronous_commit') as setting`)
    return (result as { rows: { setting: string }[] }).rows[0]!.setting
  }

  it('asks for no disk flush on its own statements', async () => {
    const db = await getDb()
    const c = counter()
    const execute = jest.spyOn(db, 'execute')
    try {
      const reservation = await reserve(db, 'demo', [c], at(0))
      await reservation.count()
      await (await reserve(db, 'demo', [c], at(1))).release()
      const sent = execute.mock.calls.map(([query]) => new PgDialect().sqlToQuery(query as SQL).sql)
      expect(sent).toHaveLength(4)
      for (const text of sent) expect(text).toContain("set_config('synchronous_commit', 'off', true)")
    } finally {
      execute.mockRestore()
    }
    expect(await peek(db, 'demo', [c], at(2))).toEqual([{ counted: 1, number: 2 }])
  })

  it('leaves the connection it ran on as it was', async () => {
    // One connection, so the check reads the very session the counter's statements ran in (PGlite has
    // only one; on PostgreSQL a client of its own).
    const url = process.env.DATABASE_URL
    const client = url ? new Client({ connectionString: url }) : null
    await client?.connect()
    try {
      const db = client ? (drizzle(client, { schema }) as unknown as Db) : await getDb()
      const c = counter()
      await (await reserve(db, 'demo', [c], at(0))).count()
      await (await reserve(db, 'demo', [c], at(1))).release()
      expect(await settingIn(db)).toBe('on')
    } finally {
      await client?.end()
    }
  })

  it("never changes how a caller's transaction commits", async () => {
    const db = await getDb()
    const c = counter()
    await db.transaction(async (tx) => {
      const reservation = await reserve(tx, 'demo', [c], at(0))
      await reservation.release()
      expect(await record(tx, 'demo', [c], at(0))).toEqual([1])
      expect(await settingIn(tx)).toBe('on')
    })
    expect(await peek(db, 'demo', [c], at(1))).toEqual([{ counted: 1, number: 2 }])
  })
})

describe('pruneIdleCounters', () => {
  it('forgets counters idle for 30 days, also those without a window, and keeps the others', async () => {
    const db = await getDb()
    const idle = counter(null)
    const busy = counter(null)
    await record(db, 'demo', [idle], at(0))
    await record(db, 'demo', [busy], at(0))
    await record(db, 'demo', [busy], new Date(at(0).getTime() + 29 * 24 * 60 * MINUTE))
    const gone = await pruneIdleCounters(db, new Date(at(0).getTime() + COUNTER_IDLE_MS))
    expect(gone).toBeGreaterThanOrEqual(1)
    const [idleTally, busyTally] = await peek(db, 'demo', [idle, busy], at(0))
    expect(idleTally!.counted).toBe(0)
    expect(busyTally!.counted).toBe(2)
  })
})
