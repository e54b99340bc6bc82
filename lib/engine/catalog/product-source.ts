import 'server-only'
import { ApiError } from '@/lib/shared/errors'
import type { Produkt } from '@/lib/contracts/catalog'
import type { Locale } from '@/lib/i18n/config'
import {
  providerDeviceOffers,
  providerProduct,
  providerProducts,
  type ProviderConfig,
} from '@/lib/engine/catalog/provider-product-api'
import type { Tenant } from '@/lib/engine/tenants/tenant'
import { keptAnswers, keptForAMoment } from '@/lib/engine/kept'
import { getProductOrThrow } from './get-product-or-throw'
import { listProducts, type ProductQuery } from './list-products'
import { productApiMode } from './product-api-mode'
import { HIDDEN_PRODUCT_IDS } from './to-produkt'

/**
 * The product API of a tenant in its mode (SPEC §7.7): 'builtin' answers from this engine's catalogue,
 * 'provider' from the provider's product API, 'mixed' the internet (quelle festnetz) and mobilfunk
 * products from the built-in catalogue and everything else from the provider. Whatever the source,
 * the hidden ids never appear.
 */

/** The sources the built-in catalogue serves in mixed mode. */
export const MIXED_BUILTIN_QUELLEN: readonly string[] = ['festnetz', 'mobilfunk']

function provider(tenant: Tenant): ProviderConfig {
  if (!tenant.settings.ProduktApiUrl) throw new ApiError('ProduktApiUnbekannt')
  return { baseUrl: tenant.settings.ProduktApiUrl, apiRoute: tenant.settings.apiRoute }
}

const visible = (products: Produkt[]) => products.filter((p) => !HIDDEN_PRODUCT_IDS.includes(p.Id))

/**
 * The product lists answered (GET produkt: the catalogue and category pages, the recommend form's
 * neighbours) are kept for a few seconds per tenant, language and query: building one checks and maps
 * every product of the list, for every caller alike. Callers only read them.
 */
const keptLists = keptForAMoment<Produkt[]>('product-lists', { keepMs: 5_000, maxEntries: 200 })

/** Everything a list depends on besides the tenant's catalogue: language, query, source, picture paths. */
function listKey(tenant: Tenant, locale: Locale, query: ProductQuery): string {
  const { ProduktApiUrl, apiRoute } = tenant.settings
  return JSON.stringify([locale, query, productApiMode(tenant), ProduktApiUrl, apiRoute])
}

export async function queryProducts(
  tenant: Tenant,
  locale: Locale,
  query: ProductQuery = {},
): Promise<Produkt[]> {
  return keptLists(tenant.slug, listKey(tenant, locale, query), () => readProducts(tenant, locale, query))
}

const keptProductAnswers = keptAnswers('product-list-answers', { keepMs: 5_000, maxEntries: 200 })

/**
 * queryProducts as the answer of GET produkt, kept as long as the list: a catalogue is some 100 KB of
 * JSON, and writing it out again for every call was most of what the call cost.
 */
export async function queryProductsAnswer(
  tenant: Tenant,
  locale: Locale,
  query: ProductQuery = {},
): Promise<Response> {
  return keptProductAnswers(tenant.slug, listKey(tenant, locale, query), () =>
    queryProducts(tenant, locale, query),
  )
}

async function readProducts(tenant: Tenant, locale: Locale, query: ProductQuery): Promise<Produkt[]> {
  const mode = productApiMode(tenant)
  if (mode === 'builtin') return listProducts(tenant, locale, query)
  if (query.handyId !== undefined && Object.keys(query).length === 1) {
    if (mode === 'provider')
      return visible(await providerDeviceOffers(provider(tenant), locale, query.handyId))
    const builtin = await listProducts(tenant, locale, query)
    return builtin.length
      ? builtin
      : visible(await providerDeviceOffers(provider(tenant), locale, query.handyId))
  }
  if (mode === 'provider') return visible(await providerProducts(provider(tenant), locale, query))
  if (query.quelle !== undefined)
    return MIXED_BUILTIN_QUELLEN.includes(query.quelle)
      ? listProducts(tenant, locale, query)
      : visible(await providerProducts(provider(tenant), locale, query))
  // A list over all sources: the built-in ones from here, the others from the provider.
  const [builtin, fromProvider] = await Promise.all([
    listProducts(tenant, locale, query),
    providerProducts(provider(tenant), locale, query),
  ])
  return [
    ...builtin.filter((p) => MIXED_BUILTIN_QUELLEN.includes(p.Quelle)),
    ...visible(fromProvider.filter((p) => !MIXED_BUILTIN_QUELLEN.includes(p.Quelle))),
  ]
}

/**
 * The whole built-in catalogue, whatever the tenant's product API mode, kept as the lists are: for what
 * the engine itself needs to know of the products the friends ordered (the personal area's TV banner).
 */
export function builtinCatalogue(tenant: Tenant, locale: Locale): Promise<Produkt[]> {
  return keptLists(tenant.slug, `builtin${listKey(tenant, locale, {})}`, () => listProducts(tenant, locale))
}

type ProductKey = { id: number; handyId?: number } | { externeId: string }

/**
 * One product of the built-in catalogue, kept as the lists are: the recommend form, every
 * recommendation created and every order link ask for it. An unknown id is not kept.
 */
const keptProducts = keptForAMoment<Produkt>('products', { keepMs: 5_000, maxEntries: 500 })

function builtinProduct(tenant: Tenant, locale: Locale, by: ProductKey): Promise<Produkt> {
  return keptProducts(tenant.slug, `${listKey(tenant, locale, {})}${JSON.stringify(by)}`, () =>
    getProductOrThrow(tenant, locale, by),
  )
}

export async function findProduct(tenant: Tenant, locale: Locale, by: ProductKey): Promise<Produkt> {
  const mode = productApiMode(tenant)
  if ('id' in by && HIDDEN_PRODUCT_IDS.includes(by.id)) throw new ApiError('NichtGefunden')
  if (mode === 'builtin') return builtinProduct(tenant, locale, by)
  if (mode === 'mixed') {
    try {
      return await builtinProduct(tenant, locale, by)
    } catch (error) {
      if (!(error instanceof ApiError && error.code === 'NichtGefunden')) throw error
    }
  }
  const product = await providerProduct(provider(tenant), locale, by)
  if (HIDDEN_PRODUCT_IDS.includes(product.Id)) throw new ApiError('NichtGefunden')
  return product
}

/**
 * A product by the id in an image link: photo links carry the ExterneId (SPEC §3); an all-digit id is
 * tried as the numeric Id first (up to 9 digits, the range of the id column).
 */
export async function findProductByAnyId(tenant: Tenant, locale: Locale, id: string): Promise<Produkt> {
  if (/^\d{1,9}$/.test(id)) {
    try {
      return await findProduct(tenant, locale, { id: Number(id) })
    } catch (error) {
      if (!(error instanceof ApiError && error.code === 'NichtGefunden')) throw error
    }
  }
  return findProduct(tenant, locale, { externeId: id })
}
