import net from 'node:net'
import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { Client } from 'pg'
import { resetEnvForTests } from '@/lib/shared/env'
import { closeRateLimitStore, createRateLimiter } from './rate-limit'

const REDIS = { host: '127.0.0.1', port: 6379 }
const PG = { host: '127.0.0.1', port: 5432, user: 'postgres' }
const PG_DB = `test_rate_limits_${process.pid}`

/** Whether a Redis answers on the machine's loopback (CI starts one; a bare machine has none). */
function redisThere(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(REDIS.port, REDIS.host)
    socket.setTimeout(500)
    socket.once('connect', () => {
      socket.write('PING\r\n')
      socket.once('data', (data) => {
        socket.destroy()
        resolve(data.toString().startsWith('+PONG'))
      })
    })
    socket.once('error', () => resolve(false))
    socket.once('timeout', () => {
      socket.destroy()
      resolve(false)
    })
  })
}

/** A database of this test's own with the limits' table as its migration makes it; false without PostgreSQL. */
async function limitsDatabase(): Promise<boolean> {
  const admin = new Client({ ...PG, database: 'postgres', connectionTimeoutMillis: 2_000 })
  try {
    await admin.connect()
  } catch {
    return false
  }
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${PG_DB} WITH (FORCE)`)
    await admin.query(`CREATE DATABASE ${PG_DB}`)
  } finally {
    await admin.end()
  }
  const client = new Client({ ...PG, database: PG_DB })
  await client.connect()
  try {
    const migration = path.resolve('lib/db/migrations/0022_portal_rate_limits.sql')
    await client.query(readFileSync(migration, 'utf8'))
  } finally {
    await client.end()
  }
  return true
}

let databaseUrl: string | undefined
beforeEach(() => {
  // Each test chooses its store; the shell's database is none of them.
  databaseUrl = process.env.DATABASE_URL
  delete process.env.DATABASE_URL
  resetEnvForTests()
})

afterAll(async () => {
  const admin = new Client({ ...PG, database: 'postgres', connectionTimeoutMillis: 2_000 })
  await admin
    .connect()
    .then(() => admin.query(`DROP DATABASE IF EXISTS ${PG_DB} WITH (FORCE)`))
    .catch(() => undefined)
  await admin.end().catch(() => undefined)
})

afterEach(async () => {
  await closeRateLimitStore()
  delete process.env.REDIS_URL
  if (databaseUrl === undefined) delete process.env.DATABASE_URL
  else process.env.DATABASE_URL = databaseUrl
  resetEnvForTests()
})

describe('the portal’s rate limiter', () => {
  it('allows the limit per key and window in this server’s memory, then refuses until the next window', async () => {
    const limiter = createRateLimiter({ name: `t-${randomUUID()}`, limit: 2, windowMs: 1000 })
    expect([await limiter.take('a'), await limiter.take('a'), await limiter.take('a')]).toEqual([
      true,
      true,
      false,
    ])
    expect(await limiter.take('b')).toBe(true)
    await new Promise((resolve) => setTimeout(resolve, 1100))
    expect(await limiter.take('a')).toBe(true)
  })

  it('counts across servers with REDIS_URL: what one server counted, the other knows', async () => {
    if (!(await redisThere())) {
      console.warn('Redis at 127.0.0.1:6379 not reachable: the shared count is not tested')
      return
    }
    process.env.REDIS_URL = `redis://${REDIS.host}:${REDIS.port}`
    resetEnvForTests()
    const name = `t-${randomUUID()}`
    // Two limiters of one name stand for two servers: they share nothing but Redis.
    const a = createRateLimiter({ name, limit: 3, windowMs: 60_000 })
    const b = createRateLimiter({ name, limit: 3, windowMs: 60_000 })
    expect([await a.take('ip'), await b.take('ip'), await a.take('ip'), await b.take('ip')]).toEqual([
      true,
      true,
      true,
      false,
    ])
    expect(await a.take('other')).toBe(true)
  })

  it('counts across servers sharing PostgreSQL without Redis, and stores no key in plain', async () => {
    if (!(await limitsDatabase())) {
      console.warn('PostgreSQL at 127.0.0.1:5432 not reachable: the count in PostgreSQL is not tested')
      return
    }
    process.env.DATABASE_URL = `postgres://${PG.user}@${PG.host}:${PG.port}/${PG_DB}`
    resetEnvForTests()
    const name = `t-${randomUUID()}`
    const a = createRateLimiter({ name, limit: 3, windowMs: 60_000 })
    const b = createRateLimiter({ name, limit: 3, windowMs: 60_000 })
    const key = 'demo|203.0.113.0'
    expect([await a.take(key), await b.take(key), await a.take(key), await b.take(key)]).toEqual([
      true,
      true,
      true,
      false,
    ])
    expect(await b.take('demo|198.51.100.0')).toBe(true)
    const client = new Client({ ...PG, database: PG_DB })
    await client.connect()
    try {
      const { rows } = await client.query<{ key: string; points: number }>(
        'SELECT key, points FROM portal_rate_limits ORDER BY points DESC',
      )
      expect(rows.map((r) => r.points)).toEqual([4, 1])
      expect(rows.every((r) => !r.key.includes('203.0.113') && !r.key.includes('demo|'))).toBe(true)
    } finally {
      await client.end()
    }
  })
})
