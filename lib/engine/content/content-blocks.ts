import 'server-only'
import { substituteBlock } from '@/lib/shared/content/substitute'
import type { Locale } from '@/lib/i18n/config'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import { readWithValues } from './content-values'

/** The tenant's content blocks in their order, placeholders substituted. */
export async function contentBlocks(tenant: Tenant, locale: Locale) {
  const [blocks, v] = await readWithValues(tenant, locale, 'blocks', (s) => s.blocks(locale))
  return blocks.map((b) => substituteBlock(b, v))
}
