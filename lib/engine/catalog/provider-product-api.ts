import 'server-only'
import { z } from 'zod'
import { ApiError } from '@/lib/shared/errors'
import { log } from '@/lib/shared/log'
import {
  produktDetailsSchema,
  praemieSchema,
  produktKategorieSchema,
  type Produkt,
  type ProduktKategorie,
} from '@/lib/contracts/catalog'
import type { Locale } from '@/lib/i18n/config'

/**
 * The provider's own product API (SPEC §7.7, mode 'provider'): the same paths and field names as the
 * built-in catalogue, fetched over HTTP from the tenant's ProduktApiUrl and reshaped so that nothing
 * outside this file sees the provider's answer as it came. Answers are checked field by field; a
 * product that does not fit is left out (and logged) rather than shown half.
 */

export const PROVIDER_TIMEOUT_MS = 300_000

export type ProviderConfig = { baseUrl: string; apiRoute: string; timeoutMs?: number }

/** The provider's product, as loosely as it may come (extra fields are dropped). */
const vendorProduktSchema = z
  .object({
    Id: z.number().int(),
    ExterneId: z.union([z.string(), z.number()]).transform(String),
    Quelle: z.string().optional(),
    Produktkategorie: z.string().optional(),
    Praemien: z.array(praemieSchema).default([]),
  })
  .passthrough()

async function providerGet(config: ProviderConfig, path: string, locale: Locale): Promise<unknown> {
  const url = `${config.baseUrl.replace(/\/$/, '')}${path}`
  let response: Response
  try {
    response = await fetch(url, {
      headers: {
        Accept: 'application/json',
        'X-Accept-Language': locale,
        'X-Requested-With': 'XMLHttpRequest',
      },
      cache: 'no-store',
      signal: AbortSignal.timeout(config.timeoutMs ?? PROVIDER_TIMEOUT_MS),
    })
  } catch (error) {
    log.error('provider product API unreachable', {
      error: error instanceof Error ? error.message : String(error),
    })
    throw new ApiError('NetzwerkFehler')
  }
  if (response.status === 404) throw new ApiError('NichtGefunden')
  if (!response.ok) {
    log.error('provider product API failed', { status: response.status })
    throw new ApiError('NetzwerkFehler')
  }
  return response.json().catch(() => {
    throw new ApiError('NetzwerkFehler')
  })
}

/** A provider product in the shape of this API (Photo always points at this API's image route). */
export function reshapeProdukt(raw: unknown, apiRoute: string): Produkt | null {
  if (!raw || typeof raw !== 'object') return null
  // The SPEC's products carry no kind: a mobile offer is the one with a device type.
  const kind = { Art: 'GeraeteTyp' in raw ? 'mobil' : 'festnetz', ...raw }
  const base = vendorProduktSchema.safeParse(kind)
  const details = produktDetailsSchema.safeParse(kind)
  if (!base.success || !details.success) return null
  return {
    Id: base.data.Id,
    ExterneId: base.data.ExterneId,
    Quelle: base.data.Quelle ?? '',
    Produktkategorie: base.data.Produktkategorie ?? '',
    Praemien: base.data.Praemien,
    Photo: `/api/v1${apiRoute}/produkt/${encodeURIComponent(base.data.ExterneId)}/grafik`,
    ...details.data,
  }
}

function reshapeList(raw: unknown, config: ProviderConfig): Produkt[] {
  if (!Array.isArray(raw)) throw new ApiError('NetzwerkFehler')
  const products: Produkt[] = []
  for (const item of raw) {
    const product = reshapeProdukt(item, config.apiRoute)
    if (product) products.push(product)
    else log.warn('provider product API: product left out (unexpected shape)')
  }
  return products
}

export type ProviderQuery = { quelle?: string; kategorie?: string; tarifId?: number }

export async function providerProducts(config: ProviderConfig, locale: Locale, query: ProviderQuery = {}) {
  const search = new URLSearchParams()
  if (query.quelle !== undefined) search.set('quelle', query.quelle)
  if (query.kategorie !== undefined) search.set('kategorie', query.kategorie)
  if (query.tarifId !== undefined) search.set('tarifId', String(query.tarifId))
  const path = search.size ? `/produkt/?${search}` : '/produkt'
  return reshapeList(await providerGet(config, path, locale), config)
}

export async function providerProduct(
  config: ProviderConfig,
  locale: Locale,
  by: { id: number; handyId?: number } | { externeId: string },
): Promise<Produkt> {
  const path =
    'externeId' in by
      ? `/produkt/extern/${encodeURIComponent(by.externeId)}`
      : by.handyId !== undefined
        ? `/produkt/${by.id}?handyId=${by.handyId}`
        : `/produkt/${by.id}/`
  const product = reshapeProdukt(await providerGet(config, path, locale), config.apiRoute)
  if (!product) throw new ApiError('NetzwerkFehler')
  return product
}

export async function providerDeviceOffers(config: ProviderConfig, locale: Locale, handyId: number) {
  return reshapeList(await providerGet(config, `/produkt/handytarife/${handyId}`, locale), config)
}

export async function providerCategories(
  config: ProviderConfig,
  locale: Locale,
): Promise<ProduktKategorie[]> {
  const raw = await providerGet(config, '/produktkategorie', locale)
  const parsed = z.array(produktKategorieSchema).safeParse(raw)
  if (!parsed.success) throw new ApiError('NetzwerkFehler')
  return parsed.data
}
