import 'server-only'
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible'
import { env } from '@/lib/shared/env'
import { log } from '@/lib/shared/log'

/**
 * A fixed-window counter per key for the portal's own limits (rate-limiter-flexible). With REDIS_URL the
 * count is shared by every server using that Redis, so a client meets the same limit whichever server
 * it reaches; should Redis not answer, each server counts on its own meanwhile (the insurance limiter)
 * instead of refusing or waving everyone through. Without REDIS_URL (one server, the embedded default)
 * the count lives in this server's memory.
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

export function createRateLimiter(options: { name: string; limit: number; windowMs: number }): RateLimiter {
  const points = options.limit
  const duration = Math.max(1, Math.round(options.windowMs / 1000))
  const memory = () => new RateLimiterMemory({ points, duration, keyPrefix: options.name })
  let limiter: Promise<RateLimiterAbstract> | undefined
  const made = (): Promise<RateLimiterAbstract> => {
    const url = env().REDIS_URL
    if (!url) return Promise.resolve(memory())
    return redis(url).then(
      (storeClient) =>
        new RateLimiterRedis({
          storeClient,
          points,
          duration,
          keyPrefix: `portal-limit:${options.name}`,
          insuranceLimiter: memory(),
        }),
    )
  }
  return {
    async take(key) {
      limiter ??= made()
      try {
        await (await limiter).consume(key)
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

/** Closes the Redis connection (tests). */
export async function closeRateLimitStore(): Promise<void> {
  const client = await connection
  connection = undefined
  await client?.quit()
}
