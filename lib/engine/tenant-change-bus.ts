import 'server-only'
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { getDb } from '@/lib/engine/db'
import { env } from '@/lib/shared/env'
import { log } from '@/lib/shared/log'
import { onTenantChange, remoteTenantChange, type TenantChange } from '@/lib/shared/tenant-changes'

/**
 * The tenant changes of every server sharing one PostgreSQL database (issue 21). A change announced on
 * this server (lib/shared/tenant-changes.ts: settings saved, content published) is sent with
 * `pg_notify` on CHANNEL; every server LISTENs there on a connection of its own and hands what another
 * server sent to `deliver`, which announces it here (marked remote, so it is not sent on again). A
 * connection that breaks (a database restart) is made again; changes sent meanwhile are missed, and
 * the copies they concern renew within their own keep time (seconds to minutes). On PGlite (one
 * process) there is nobody to tell: nothing starts.
 */

const CHANNEL = 'tenant_changes'
/** This server, so it does not act on what it sent itself. */
const SERVER = randomUUID()
const RETRY_MS = [1_000, 2_000, 5_000, 10_000]
const KEY = Symbol.for('referral-portal.tenant-change-bus')
type Holder = { [KEY]?: { stop: () => Promise<void> } }

type Message = { server: string; tenant: string; scope: TenantChange['scope'] }

/** A change another server sent, with the server that sent it; anything else is null. */
function parse(payload: string | undefined): { server: string; change: TenantChange } | null {
  try {
    const message = JSON.parse(payload ?? '') as { server?: unknown }
    const change = remoteTenantChange(message)
    return typeof message.server === 'string' && change ? { server: message.server, change } : null
  } catch {
    return null
  }
}

/**
 * Starts sending and hearing changes on PostgreSQL (once per process). `deliver` gets each change
 * another server announced; it runs where the copies can be renewed (a request of this server's own).
 */
export function startTenantChangeBus(deliver: (change: TenantChange) => Promise<void>): void {
  const url = env().DATABASE_URL
  const holder = globalThis as Holder
  if (!url || holder[KEY]) return
  let stopped = false
  let client: import('pg').Client | null = null

  const unsubscribe = onTenantChange((change) => {
    if (change.remote) return
    const message: Message = { server: SERVER, tenant: change.tenant, scope: change.scope }
    void getDb()
      .then((db) => db.execute(sql`SELECT pg_notify(${CHANNEL}, ${JSON.stringify(message)})`))
      .catch((error: unknown) =>
        log.warn('tenant change not sent to the other servers', {
          tenant: change.tenant,
          error: error instanceof Error ? error.message : String(error),
        }),
      )
  })

  async function listen(attempt: number): Promise<void> {
    if (stopped) return
    const { Client } = await import('pg')
    const next = new Client({ connectionString: url, connectionTimeoutMillis: 5_000 })
    let retried = false
    const retry = () => {
      if (retried || stopped) return
      retried = true
      client = null
      void next.end().catch(() => undefined)
      const wait = RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)]!
      setTimeout(() => void listen(attempt + 1), wait).unref()
    }
    next.on('error', (error) => {
      log.warn('tenant change bus: connection lost', { error: error.message })
      retry()
    })
    next.on('end', retry)
    next.on('notification', (notification) => {
      const message = parse(notification.payload)
      if (!message || message.server === SERVER) return
      deliver(message.change).catch((error: unknown) =>
        log.warn('tenant change from another server not applied', {
          tenant: message.change.tenant,
          error: error instanceof Error ? error.message : String(error),
        }),
      )
    })
    try {
      await next.connect()
      await next.query(`LISTEN ${CHANNEL}`)
      client = next
      if (attempt > 0) log.info('tenant change bus: listening again')
    } catch (error) {
      log.warn('tenant change bus: cannot listen yet', {
        error: error instanceof Error ? error.message : String(error),
      })
      retry()
    }
  }

  void listen(0)
  holder[KEY] = {
    stop: async () => {
      stopped = true
      unsubscribe()
      await client?.end().catch(() => undefined)
      delete holder[KEY]
    },
  }
}

/** Stops hearing and sending (a graceful stop). */
export async function stopTenantChangeBus(): Promise<void> {
  await (globalThis as Holder)[KEY]?.stop()
}
