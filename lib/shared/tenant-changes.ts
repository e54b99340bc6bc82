import { tenantChangeListeners } from '@/lib/edge/tenant-change-listeners.mjs'
import { log } from '@/lib/shared/log'

/**
 * The one seam between the engine and the copies kept in front of it. The engine announces that a
 * tenant's content or settings changed; whoever keeps copies subscribes and renews them (the portal's
 * Next cache: lib/portal/cache-invalidation.ts, wired in instrumentation.ts). The engine never knows
 * who listens: on PostgreSQL the change bus (lib/engine/tenant-change-bus.ts) is one more listener,
 * which tells the other servers sharing the database, and announces here what they tell.
 */
export type TenantChange = {
  tenant: string
  /** content: pages, FAQ, blocks, texts (publish webhook); settings: everything of the tenant. */
  scope: 'content' | 'settings'
  /** Announced by another server (through the change bus): not to be passed on again. */
  remote?: boolean
}

export type TenantChangeListener = (change: TenantChange) => void

/**
 * A change sent from elsewhere (another server, over a bus or a request to this one), as announced
 * here: a tenant and a known scope, marked remote; anything else is null.
 */
export function remoteTenantChange(value: unknown): TenantChange | null {
  const { tenant, scope } = (value ?? {}) as { tenant?: unknown; scope?: unknown }
  if (typeof tenant !== 'string' || tenant.length === 0) return null
  if (scope !== 'content' && scope !== 'settings') return null
  return { tenant, scope, remote: true }
}

/** The process's listeners (on globalThis: the bundles and server.mjs's edge steps share them). */
function listeners(): Set<TenantChangeListener> {
  return tenantChangeListeners() as Set<TenantChangeListener>
}

/** Subscribes a listener; the answer unsubscribes it. */
export function onTenantChange(listener: TenantChangeListener): () => void {
  listeners().add(listener)
  return () => listeners().delete(listener)
}

/** Tells every listener; one that fails is logged and does not stop the others or the change. */
export function announceTenantChange(change: TenantChange): void {
  for (const listener of listeners()) {
    try {
      listener(change)
    } catch (error) {
      log.warn('tenant change: a listener failed', {
        tenant: change.tenant,
        scope: change.scope,
        error: error instanceof Error ? error.message : String(error),
      })
    }
  }
}
