import 'server-only'
import { revalidateTag } from 'next/cache'
import { contentTag, tenantTag } from '@/lib/portal/cache-tags'
import { onTenantChange, type TenantChange } from '@/lib/shared/tenant-changes'

/**
 * The portal's side of lib/shared/tenant-changes.ts: a changed tenant's cached data and pages renew.
 * Content: the next request still gets the cached copy at once while a fresh one is made, so no
 * visitor waits on the content service. Settings: they expire at once (a module switched off must not
 * stay visible).
 */
export function renewCachedCopies(change: TenantChange): void {
  if (change.scope === 'content') revalidateTag(contentTag(change.tenant), 'max')
  else revalidateTag(tenantTag(change.tenant), { expire: 0 })
}

/** Called when the server starts (instrumentation.ts); subscribing twice keeps one subscription. */
export function listenForTenantChanges(): void {
  onTenantChange(renewCachedCopies)
}
