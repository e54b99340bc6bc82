import 'server-only'
import { ApiError } from '@/lib/shared/errors'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import { readFromSource } from './read-from-source'

/** One image of the tenant's content (NichtGefunden when there is none of this id). */
export async function contentAsset(tenant: Tenant, id: string, size: { width?: number; height?: number }) {
  const asset = await readFromSource(tenant, 'asset', (s) => s.asset(id, size))
  if (!asset) throw new ApiError('NichtGefunden')
  return asset
}
