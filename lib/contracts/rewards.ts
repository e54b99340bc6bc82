import { z } from 'zod'
import { praemieSchema } from './catalog'

/**
 * GET /api/v1/{tenant}/praemie (SPEC §7.4): the reward periods of the tenant's catalogue that are in
 * force today, followed by the next periods already scheduled. Products that share the same period
 * (amount and dates) share one entry; its Id is the lowest reward id among them, so it is stable and
 * names an image (/praemie/{Id}/grafik100 …).
 *
 * Beyond the SPEC §3 fields each entry says which product categories (the products' Quelle and
 * Produktkategorie) it applies to, whether it is active today (SPEC §4) or the next period, and
 * whether it is the highest reward of its kind (the "bis zu …" amount; several entries may tie).
 */
export const praemieKategorieSchema = z.object({
  Quelle: z.string(),
  Produktkategorie: z.string(),
})
export type PraemieKategorie = z.infer<typeof praemieKategorieSchema>

export const praemieEintragSchema = praemieSchema.extend({
  /** True: active today (SPEC §4). False: the next period of these products, not yet begun. */
  Aktiv: z.boolean(),
  /** The highest WertCent among the entries with the same Aktiv value. */
  Hoechstpraemie: z.boolean(),
  /** The categories whose products carry this period, in catalogue order. */
  Produktkategorien: z.array(praemieKategorieSchema).min(1),
})
export type PraemieEintrag = z.infer<typeof praemieEintragSchema>

export const praemienSchema = z.array(praemieEintragSchema)

/** The pictures of a reward (SPEC §7.4, §9 sizes 100 and 50): the full amount, half, half with a label. */
export const REWARD_IMAGES = ['grafik100', 'grafik50', 'grafik50empfehler', 'grafik50empfaenger'] as const
export type RewardImage = (typeof REWARD_IMAGES)[number]

/**
 * Where a reward's picture lives, like the product images of SPEC §7.7 (/api/v1{apiRoute}/…); `lang`
 * asks for the English label (German is the default, as in every picture of this API).
 */
export function rewardImagePath(apiRoute: string, id: number, image: RewardImage, lang?: 'de' | 'en') {
  return `/api/v1${apiRoute}/praemie/${id}/${image}${lang === 'en' ? '?lang=en' : ''}`
}
