import 'server-only'
import { createHmac } from 'node:crypto'
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRedis,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible'
import { env } from '@/lib/shared/env'
import { log } from '@/lib/shared/log'

/**
 * A fixed-window counter per key for the portal's own limits (rate-limiter-flexible), counted where
 * every server counts:
 * - with REDIS_URL on Redis;
 * - else with DATABASE_URL (servers sharing one PostgreSQL) in its table portal_rate_limits, through a
 *   small pool of the limits' own;
 * - else (the embedded default, one server by design) in this server's memory.
 * Should the shared store not answer, each server counts on its own meanwhile (the insurance limiter)
 * instead of refusing or waving everyone through. The stored key is an HMAC of the key (an address is
 * never stored).
 */
export type RateLimiter = {
  /** Counts one event of the key; false when the key is over its limit in the current window. */
  take(key: string): Promise<boolean>
}

let connection: Promise<import('ioredis').Redis> | undefined

/** The Redis connection of the limits (made on first use). */
function redis(url: string): Promise<import('ioredis').Redis> {
  connection ??= connect(url)
  return connection
}

async function connect(url: string): Promise<import('ioredis').Redis> {
  const { Redis } = await import('ioredis')
  // No queue while disconnected: a count that cannot be made fails at once and the insurance counts.
  const client = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false })
  client.on('error', (error) => log.warn('redis: connection problem', { error: error.message }))
  // The first count waits for the connection (a few milliseconds), at most a second.
  await new Promise<void>((resolve) => {
    if (client.status === 'ready') return resolve()
    const timer = setTimeout(resolve, 1_000)
    client.once('ready', () => {
      clearTimeout(timer)
      resolve()
    })
  })
  return client
}

let pool: Promise<import('pg').Pool> | undefined

/**
 * The PostgreSQL pool of the limits (made on first use): two connections are plenty for one upsert
 * each, and a count that takes longer than two seconds is given up (the insurance limiter counts).
 */
function postgres(url: string): Promise<import('pg').Pool> {
  pool ??= import('pg').then(({ Pool }) => {
    const made = new Pool({
      connectionString: url,
      max: 2,
      connectionTimeoutMillis: 2_000,
      query_timeout: 2_000,
    })
    // A connection the database ended is made anew; unheard, the error would end the process.
    made.on('error', (error) => log.warn('rate limits: database connection lost', { error: error.message }))
    return made
  })
  return pool
}

export function createRateLimiter(options: { name: string; limit: number; windowMs: number }): RateLimiter {
  const points = options.limit
  const duration = Math.max(1, Math.round(options.windowMs / 1000))
  const memory = () => new RateLimiterMemory({ points, duration, keyPrefix: options.name })
  let limiter: Promise<RateLimiterAbstract> | undefined
  const made = async (): Promise<RateLimiterAbstract> => {
    const { REDIS_URL, DATABASE_URL } = env()
    const shared = () => ({
      points,
      duration,
      keyPrefix: `portal-limit:${options.name}`,
      insuranceLimiter: memory(),
    })
    if (REDIS_URL) return new RateLimiterRedis({ ...shared(), storeClient: await redis(REDIS_URL) })
    if (!DATABASE_URL) return memory()
    return new RateLimiterPostgres({
      ...shared(),
      storeClient: await postgres(DATABASE_URL),
      storeType: 'pool',
      tableName: 'portal_rate_limits',
      // Made by the migrations (lib/db/schema/limits.ts), not by the limiter.
      tableCreated: true,
    })
  }
  return {
    async take(key) {
      limiter ??= made()
      try {
        await (await limiter).consume(keyHash(key))
        return true
      } catch (rejection) {
        // A refusal answers its state; anything else (an error of the store) is no reason to refuse.
        if (rejection instanceof Error) {
          log.warn('rate limit not counted', { limit: options.name, error: rejection.message })
          return true
        }
        return false
      }
    },
  }
}

/** What is stored for a key: its HMAC under the session secret. */
function keyHash(key: string): string {
  return createHmac('sha256', env().SESSION_SECRET).update(key).digest('hex')
}

/** Closes the connections of the shared stores (when the server stops; tests). */
export async function closeRateLimitStore(): Promise<void> {
  const client = await connection
  connection = undefined
  await client?.quit()
  const ending = pool
  pool = undefined
  await (await ending)?.end()
}
