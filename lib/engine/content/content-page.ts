import 'server-only'
import { substitutePage } from '@/lib/shared/content/substitute'
import type { PageKey } from '@/lib/shared/content/types'
import { ApiError } from '@/lib/shared/errors'
import type { Locale } from '@/lib/i18n/config'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import { contentValues } from './content-values'
import { readFromSource } from './read-from-source'

/** A content page of the tenant (NichtGefunden when it has none of this key), placeholders substituted. */
export async function contentPage(tenant: Tenant, locale: Locale, key: PageKey) {
  const page = await readFromSource(tenant, `page:${key}`, (s) => s.page(key, locale))
  if (!page) throw new ApiError('NichtGefunden')
  return substitutePage(page, await contentValues(tenant, locale))
}
