import 'server-only'
import { revalidateTag } from 'next/cache'
import { contentTag, tenantTag } from '@/lib/portal/cache-tags'
import { beforeEdgeAnswer } from '@/lib/edge/edge-answer-scope.mjs'
import { applyTenantChangeHere } from '@/lib/shared/internal-call'
import { log } from '@/lib/shared/log'
import { onTenantChange, type TenantChange } from '@/lib/shared/tenant-changes'

/**
 * The portal's side of lib/shared/tenant-changes.ts: a changed tenant's cached data and pages renew.
 * Content: the next request still gets the cached copy at once while a fresh one is made, so no
 * visitor waits on the content service. Settings: they expire at once (a module switched off must not
 * stay visible).
 *
 * Next renews its cache only inside a request of its own. A main-API write the edge answered itself
 * (lib/edge/main-api-edge.mjs) runs outside one: there the change is applied in a request of this
 * server's own, as a change from another server is, and the write's answer waits for it.
 */
export function renewCachedCopies(change: TenantChange): void {
  if (beforeEdgeAnswer(() => renewedInOwnRequest(change))) return
  if (change.scope === 'content') revalidateTag(contentTag(change.tenant), 'max')
  else revalidateTag(tenantTag(change.tenant), { expire: 0 })
}

async function renewedInOwnRequest(change: TenantChange): Promise<void> {
  await applyTenantChangeHere(change).catch((error: unknown) =>
    log.warn('tenant change: cached copies not renewed', {
      tenant: change.tenant,
      scope: change.scope,
      error: error instanceof Error ? error.message : String(error),
    }),
  )
}

/** Called when the server starts (instrumentation.ts); subscribing twice keeps one subscription. */
export function listenForTenantChanges(): void {
  onTenantChange(renewCachedCopies)
}
