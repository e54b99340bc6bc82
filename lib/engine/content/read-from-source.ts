import 'server-only'
import { contentSourceFor } from '@/lib/engine/content/sources'
import { ContentUnavailableError, type ContentSource } from '@/lib/shared/content/types'
import { ApiError } from '@/lib/shared/errors'
import { log } from '@/lib/shared/log'
import type { Tenant } from '@/lib/engine/tenants/tenant'

/**
 * Reads from the tenant's content source (files or the content service). A source that does not answer
 * becomes InhaltNichtVerfuegbar (503), logged as SPEC §8 words it.
 */
export async function readFromSource<T>(
  tenant: Tenant,
  kind: string,
  read: (source: ContentSource) => Promise<T>,
) {
  try {
    return await read(contentSourceFor(tenant.slug, tenant.settings))
  } catch (error) {
    if (!(error instanceof ContentUnavailableError)) throw error
    log.error('Fehler beim Laden des CMS Inhalts', { tenant: tenant.slug, kind, reason: error.message })
    throw new ApiError('InhaltNichtVerfuegbar', { cause: error })
  }
}
