import net from 'node:net'
import { randomUUID } from 'node:crypto'
import { resetEnvForTests } from '@/lib/shared/env'
import { closeRateLimitStore, createRateLimiter } from './rate-limit'

const REDIS = { host: '127.0.0.1', port: 6379 }

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

afterEach(() => {
  delete process.env.REDIS_URL
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
    await closeRateLimitStore()
  })
})
