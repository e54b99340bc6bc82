import 'server-only'
import type { TenantSettings } from '@/lib/shared/tenants/settings'
import { fileSourceOf } from './files-source'
import { createSquidexSource } from './squidex/source'
import type { ContentSource } from '@/lib/shared/content/types'

/**
 * The content module: one interface (ContentSource, lib/shared/content/types.ts) over two sources, chosen per
 * tenant by the setting Content.Source — the files in the repo (the embedded default) or a
 * Squidex-type content service reached with the tenant's client credentials.
 */
export function contentSourceFor(slug: string, settings: TenantSettings): ContentSource {
  if (settings.Content.Source === 'squidex')
    return createSquidexSource(settings.Content, { timeoutMs: settings.Limits.RequestTimeoutMs })
  return fileSourceOf(slug)
}
