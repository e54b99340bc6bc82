import 'server-only'
import { ApiError } from '@/lib/shared/errors'
import type { Produkt } from '@/lib/contracts/catalog'
import type { Locale } from '@/lib/i18n/config'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import { listProducts, type ProductQuery } from './list-products'

/** One product of the built-in catalogue (by id, by ExterneId, or a tariff's offer with one device). */
export async function getProductOrThrow(
  tenant: Tenant,
  locale: Locale,
  by: { id: number; handyId?: number } | { externeId: string },
): Promise<Produkt> {
  const query: ProductQuery =
    'externeId' in by
      ? { externeId: by.externeId }
      : by.handyId !== undefined
        ? { tarifId: by.id, handyId: by.handyId }
        : { ids: [by.id] }
  const [product] = await listProducts(tenant, locale, query)
  if (!product) throw new ApiError('NichtGefunden')
  return product
}
