import 'server-only'
import { log } from '@/lib/shared/log'
import { onTenantChange, remoteTenantChange, type TenantChange } from '@/lib/shared/tenant-changes'

/**
 * Tenant changes for portal servers apart from the main API (MAIN_API_URL), over Redis (REDIS_URL):
 * such a server has no database to LISTEN on (lib/engine/tenant-change-bus.ts). Each server of the
 * built-in engine publishes the changes made on it (settings saved, content published) on CHANNEL; the
 * portal servers subscribe and renew their copies as if the change had been made on them. Redis keeps
 * no message: a portal not subscribed at that moment (Redis away, the server starting) renews within
 * its copies' own keep time, as without Redis.
 */

const CHANNEL = 'referral-portal:tenant-changes'

type Redis = import('ioredis').Redis
const STOP = Symbol.for('referral-portal.tenant-change-redis')
type Holder = { [STOP]?: () => Promise<void> }

/** A change as sent; anything else on the channel is ignored. */
export function parseChange(payload: string): TenantChange | null {
  try {
    return remoteTenantChange(JSON.parse(payload))
  } catch {
    return null
  }
}

async function connection(url: string, options: import('ioredis').RedisOptions): Promise<Redis> {
  const { Redis } = await import('ioredis')
  const client = new Redis(url, options)
  // One line per lost connection, not one per reconnection attempt.
  let reported = false
  client.on('error', (error) => {
    if (reported) return
    reported = true
    log.warn('tenant changes over redis: connection problem', { error: error.message })
  })
  client.on('ready', () => (reported = false))
  return client
}

/** The engine's side: every change made on this server is published (once per process). */
export async function publishTenantChanges(url: string): Promise<void> {
  const holder = globalThis as Holder
  if (holder[STOP]) return
  // No queue while disconnected: a change that cannot be sent is logged, not held back.
  const client = await connection(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 })
  const unsubscribe = onTenantChange((change) => {
    if (change.remote) return
    client
      .publish(CHANNEL, JSON.stringify({ tenant: change.tenant, scope: change.scope }))
      .catch((error: unknown) =>
        log.warn('tenant change not published on redis', {
          tenant: change.tenant,
          error: error instanceof Error ? error.message : String(error),
        }),
      )
  })
  holder[STOP] = async () => {
    unsubscribe()
    delete holder[STOP]
    await client.quit().catch(() => client.disconnect())
  }
}

/**
 * The separate portal's side: each change published is handed to `deliver` (a request of this
 * server's own, where Next renews its cache). ioredis subscribes again after a reconnection.
 */
export async function hearTenantChanges(
  url: string,
  deliver: (change: TenantChange) => Promise<void>,
): Promise<void> {
  const holder = globalThis as Holder
  if (holder[STOP]) return
  // The subscription waits for the connection however long Redis is away.
  const client = await connection(url, { maxRetriesPerRequest: null })
  client.on('message', (channel: string, payload: string) => {
    if (channel !== CHANNEL) return
    const change = parseChange(payload)
    if (!change) return
    deliver(change).catch((error: unknown) =>
      log.warn('tenant change from redis not applied', {
        tenant: change.tenant,
        error: error instanceof Error ? error.message : String(error),
      }),
    )
  })
  client.subscribe(CHANNEL).catch((error: unknown) =>
    log.warn('tenant changes over redis: not subscribed yet', {
      error: error instanceof Error ? error.message : String(error),
    }),
  )
  holder[STOP] = async () => {
    delete holder[STOP]
    await client.quit().catch(() => client.disconnect())
  }
}

/** Stops publishing or hearing (a graceful stop). */
export async function stopTenantChangesOverRedis(): Promise<void> {
  await (globalThis as Holder)[STOP]?.()
}
