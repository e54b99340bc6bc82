import 'server-only'
import { formatRewardValue } from '@/lib/shared/catalog/format-reward'
import type { InferSelectModel } from 'drizzle-orm'
import type { productRewards, products } from '@/lib/db/schema'
import { produktDetailsSchema, type Praemie, type Produkt } from '@/lib/contracts/catalog'
import type { Locale } from '@/lib/i18n/config'

export type ProductRow = InferSelectModel<typeof products>
export type RewardRow = InferSelectModel<typeof productRewards>

/** SPEC §7.7: these product ids never leave the product API. */
export const HIDDEN_PRODUCT_IDS: readonly number[] = [639, 640, 637, 638]

export { formatRewardValue }

export function toPraemie(row: RewardRow, locale: Locale): Praemie {
  return {
    Id: row.id,
    Wert: formatRewardValue(row.wertCent, locale),
    WertCent: row.wertCent,
    Startdatum: row.startdatum,
    Enddatum: row.enddatum,
    EnddatumAnzeige: row.enddatumAnzeige,
  }
}

/** A product as the product API answers it, in the caller's language, with its reward periods. */
export function toProdukt(row: ProductRow, rewards: RewardRow[], locale: Locale, apiRoute: string): Produkt {
  const details = produktDetailsSchema.parse(
    locale === 'en' && row.detailsEn
      ? { ...(row.details as object), ...(row.detailsEn as object) }
      : row.details,
  )
  return {
    Id: row.id,
    ExterneId: row.externeId,
    Quelle: row.quelle,
    Produktkategorie: row.kategorie,
    Praemien: rewards
      .filter((r) => r.productId === row.id)
      .sort((a, b) => a.startdatum.localeCompare(b.startdatum))
      .map((r) => toPraemie(r, locale)),
    // SPEC §3: the image path is built from ExterneId (§7.7 image links).
    Photo: `/api/v1${apiRoute}/produkt/${encodeURIComponent(row.externeId)}/grafik`,
    ...details,
  }
}
